// Leaving a game: the page follows the server's `clocks` notices (a clock pauses while the
// waiting player is away), and offers to abort before both sides have moved; a click on a
// board that cannot move says why, and an away opponent's countdown leads to the claim.
// The server lets a win be claimed after 4 s away (XIANGQI_CLAIM_AFTER_S) instead of 60.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { setUp, newPage, assertNoErrors, boardReady, playByClicks, waitForPiece, api, screenshot } from './lib/harness.mjs';

let env;
before(async () => { env = await setUp({ serverEnv: { XIANGQI_CLAIM_AFTER_S: '4' } }); });
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

test('a click on a board that cannot move says why; the away countdown ends in Claim the win', async () => {
  const created = await api(env.base, 'POST', '/api/rooms', {});
  assert.equal(created.status, 201);
  const { code, seat } = created.json;
  const red = await seatedPage(code, seat);
  const note = red.locator('#board .note');
  // Nobody in the Black seat yet.
  await red.locator('#board [data-square="h2"]').click();
  await note.filter({ hasText: /waiting for an opponent/i }).waitFor();

  const joined = await api(env.base, 'POST', `/api/rooms/${code}/join`, {});
  const black = await seatedPage(code, joined.json.seat);
  await playByClicks(red, 'h2e2', '#board');
  await waitForPiece(black, 'e2', 'C', '#board');
  // Black's move now.
  await red.locator('#board [data-square="e2"]').click();
  await note.filter({ hasText: /opponent's move/i }).waitFor();
  await playByClicks(black, 'h9g7', '#board');
  await waitForPiece(red, 'g7', 'n', '#board');

  // Black leaves: Red's move is paused, with the reason and a countdown to the claim.
  await black.close();
  await red.locator('#away-countdown', { hasText: /\d:\d\d/ }).waitFor();
  await red.locator('#board [data-square="h0"]').click();
  await note.filter({ hasText: /away/i }).waitFor();
  await screenshot(red, 'room-away-note');
  assert.equal(await red.locator('#board [data-square="h0"].selected').count(), 0);
  // After the claim time the countdown gives way to the buttons.
  await red.locator('#claim').waitFor({ state: 'visible', timeout: 15000 });
  assert.equal(await red.locator('#away-countdown').isHidden(), true);
  await red.locator('#claim').click();
  await red.locator('#banner:not([hidden])').waitFor();
  await red.locator('#board [data-square="e2"]').click();
  await note.filter({ hasText: /game is over/i }).waitFor();
  assertNoErrors(red);
});
