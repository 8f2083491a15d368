// Against the computer (/computer): at Beginner the engine answers a move.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { setUp, newPage, assertNoErrors, screenshot, boardReady, playByClicks, pieceAt } from './lib/harness.mjs';

let env;
before(async () => { env = await setUp(); });
after(async () => { await env?.done(); });

test('computer at Beginner replies to a move', async () => {
  const page = await newPage(env.browser);
  await page.goto(`${env.base}/computer`);
  await page.locator('#setup').waitFor();
  await page.selectOption('#level', '1');
  await page.selectOption('#color', 'red');
  await page.click('#start');
  await boardReady(page, '#board');
  await playByClicks(page, 'h2e2', '#board');
  // The engine's reply: the last move is now a black piece's, and Red may move again.
  await page.waitForFunction(() => {
    const last = [...document.querySelectorAll('#board [data-square].last')];
    return last.some((g) => {
      const p = g.querySelector('[data-piece]');
      return p && /[a-z]/.test(p.getAttribute('data-piece') || '');
    });
  }, null, { timeout: 20000 });
  await page.locator('#board [data-square].movable').first().waitFor();
  assert.equal(await pieceAt(page, 'e2', '#board'), 'C');
  const code = await page.evaluate(() => JSON.parse(localStorage.getItem('xiangqi.computer') || '{}').code);
  if (code) {
    const game = await (await fetch(`${env.base}/api/rooms/${code}/game`)).json();
    assert.equal(game.moves.length, 2);
    assert.equal(game.moves[0], 'h2e2');
  }
  await screenshot(page, 'computer');
  assertNoErrors(page);
});
