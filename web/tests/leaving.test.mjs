// Leaving a game: the page follows the server's `clocks` notices (a clock pauses while the
// waiting player is away), and offers to abort before both sides have moved.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { setUp, newPage, assertNoErrors, boardReady, playByClicks, waitForPiece, api } from './lib/harness.mjs';

let env;
before(async () => { env = await setUp(); });
after(async () => { await env?.done(); });

/** Opens room `code` in a new page holding seat `seat`. */
async function seatedPage(code, seat) {
  const page = await newPage(env.browser);
  await page.goto(`${env.base}/`);
  await page.evaluate(([c, s]) => localStorage.setItem(`xiangqi.seat.${c}`, s), [code, seat]);
  await page.goto(`${env.base}/play/${code}`);
  await boardReady(page, '#board');
  return page;
}

test('a clock stops on the page when the waiting player leaves, and an early game can be aborted', async () => {
  const created = await api(env.base, 'POST', '/api/rooms', { time_control: { initial_s: 300, increment_s: 0 } });
  assert.equal(created.status, 201);
  const { code, seat } = created.json;
  const joined = await api(env.base, 'POST', `/api/rooms/${code}/join`, {});
  const red = await seatedPage(code, seat);
  const black = await seatedPage(code, joined.json.seat);
  await red.locator('#abort').waitFor({ state: 'visible' });

  await playByClicks(red, 'h2e2', '#board');
  await waitForPiece(black, 'e2', 'C', '#board');
  // Black (at the bottom of Black's page) is to move: Black's clock runs.
  await black.locator('#player-bottom .clock.running').waitFor();
  await red.close();
  // Red waits for the move and is gone: the server pauses Black's clock and says so.
  await black.locator('#player-bottom .clock:not(.running)').waitFor();

  // One ply played: Black may still abort.
  await black.locator('#abort').click();
  await black.locator('.banner.result-aborted', { hasText: /aborted/i }).waitFor();
  assertNoErrors(black);
});
