// Puzzle editor (/puzzles/new) and puzzle page (/puzzles/{id}).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { setUp, newPage, assertNoErrors, screenshot, boardReady, clickSquare, pieceAt } from './lib/harness.mjs';

let env;
before(async () => { env = await setUp(); });
after(async () => { await env?.done(); });

test('puzzle editor rejects an illegal position and saves a legal one', async () => {
  const page = await newPage(env.browser);
  page.allowStatus(422); // the server's answer to an illegal position
  await page.goto(`${env.base}/puzzles/new`);
  await boardReady(page, '#editor-board');
  await page.locator('#valid-ok', { hasText: 'Legal position' }).waitFor();
  assert.equal(await page.locator('#save').isDisabled(), false);

  // Clear, then a lone red general: illegal, the server says why.
  await page.click('#clear');
  await page.click('[data-tool="K"]');
  await clickSquare(page, 'e0', '#editor-board');
  assert.equal(await pieceAt(page, 'e0', '#editor-board'), 'K');
  await page.locator('#problems li').first().waitFor();
  const problems = await page.locator('#problems li').allTextContents();
  assert.ok(problems.some((p) => /black/i.test(p) && /general/i.test(p)), `problems: ${problems.join(' | ')}`);
  assert.equal(await page.locator('#save').isDisabled(), true);
  // An elephant across the river is another problem.
  await page.click('[data-tool="B"]');
  await clickSquare(page, 'e6', '#editor-board');
  await page.waitForFunction(() => document.querySelectorAll('#problems li').length >= 2);
  await screenshot(page, 'puzzle-editor-illegal');

  // Remove it, add the black general, advisors and two red cannons: the double-cannon mate in one.
  await page.click('#tool-remove');
  await clickSquare(page, 'e6', '#editor-board');
  assert.equal(await pieceAt(page, 'e6', '#editor-board'), null);
  await page.click('#tool-remove');
  for (const [tool, sq] of [['k', 'e9'], ['a', 'd9'], ['a', 'f9'], ['C', 'b4'], ['C', 'e2'], ['p', 'a6']]) {
    await page.click(`[data-tool="${tool}"]`);
    await clickSquare(page, sq, '#editor-board');
  }
  // The general is moved from e0 to d0: remove and place.
  await page.click('#tool-remove');
  await clickSquare(page, 'e0', '#editor-board');
  await page.click('[data-tool="K"]');
  await clickSquare(page, 'd0', '#editor-board');
  await page.locator('#valid-ok', { hasText: 'Legal position' }).waitFor();
  assert.equal(await page.inputValue('#fen'), '3aka3/9/9/p8/9/1C7/9/4C4/9/3K5 w - - 0 1');
  assert.equal(await page.locator('#problems').isHidden(), true);

  await page.fill('#title', 'Double cannon');
  await page.fill('#solution', 'b4e4');
  await page.click('#save');
  await page.locator('#share').waitFor();
  const url = await page.inputValue('#share-url');
  assert.match(url, /\/puzzles\/[A-Za-z0-9_-]+$/);
  await screenshot(page, 'puzzle-editor-saved');
  assertNoErrors(page);

  // The puzzle page shows it and links to the three ways of playing it.
  const view = await newPage(env.browser);
  await view.goto(url);
  await boardReady(view, '#puzzle-board');
  await view.locator('#puzzle-title', { hasText: 'Double cannon' }).waitFor();
  assert.equal(await pieceAt(view, 'b4', '#puzzle-board'), 'C');
  const fen = encodeURIComponent('3aka3/9/9/p8/9/1C7/9/4C4/9/3K5 w - - 0 1');
  await view.waitForFunction(() => document.getElementById('play-computer')?.getAttribute('href') !== '/computer');
  assert.equal(await view.getAttribute('#play-computer', 'href'), `/computer?fen=${fen}`);
  assert.equal(await view.getAttribute('#play-local', 'href'), `/local?fen=${fen}`);
  await view.locator('#solution-box').waitFor();
  await view.click('#solution-box summary');
  assert.match(await view.locator('#solution-text').textContent(), /b4e4/);
  await screenshot(view, 'puzzle');
  // With a friend: a room from the position, the creator seated.
  await view.click('#play-friend');
  await view.waitForURL(/\/play\/[A-Z0-9]+$/);
  const code = view.url().split('/').pop();
  assert.ok(await view.evaluate((c) => localStorage.getItem(`xiangqi.seat.${c}`), code), 'seat token stored');
  const game = await (await fetch(`${env.base}/api/rooms/${code}/game`)).json();
  assert.equal(game.start_fen, '3aka3/9/9/p8/9/1C7/9/4C4/9/3K5 w - - 0 1');
  assertNoErrors(view);
});

test('an unknown puzzle says so', async () => {
  const page = await newPage(env.browser);
  page.allowStatus(404);
  await page.goto(`${env.base}/puzzles/doesNotExist1`);
  await page.locator('#puzzle-error', { hasText: 'no puzzle' }).waitFor();
  assertNoErrors(page);
});
