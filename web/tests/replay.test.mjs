// Replay viewer (/replay): the built-in Juzhongmi horse-sacrifice trap, stepped to checkmate.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { setUp, newPage, assertNoErrors, screenshot, boardReady, waitForPiece, pieceAt } from './lib/harness.mjs';

let env;
before(async () => { env = await setUp(); });
after(async () => { await env?.done(); });

test('replay: the Juzhongmi trap plays to checkmate', async () => {
  const page = await newPage(env.browser);
  await page.goto(`${env.base}/replay?classic=juzhongmi`);
  await boardReady(page, '#board');
  const forward = page.locator('[data-go="forward"]').first();
  // The viewer may open on the last position: go to the start first.
  await page.locator('[data-go="first"]').first().click().catch(() => {});
  await waitForPiece(page, 'h2', 'C', '#board');
  // 25 plies (crates/xiangqi/tests/data/juzhongmi.txt); the last, b7e7, doubles the cannons.
  for (let ply = 1; ply <= 25; ply++) {
    await forward.click();
    if (ply === 12) await waitForPiece(page, 'b0', 'c', '#board'); // 6... the cannon takes the horse
  }
  await waitForPiece(page, 'e7', 'C', '#board');
  assert.equal(await pieceAt(page, 'e6', '#board'), 'C');
  await page.locator('#banner', { hasText: /checkmate/i }).waitFor();
  assert.equal(await forward.isDisabled(), true, 'nothing after the mate');
  await screenshot(page, 'replay');
  // Back to the start and forward again with the keyboard.
  await page.locator('[data-go="first"]').first().click();
  await waitForPiece(page, 'h2', 'C', '#board');
  await page.keyboard.press('End');
  await waitForPiece(page, 'e7', 'C', '#board');
  assertNoErrors(page);
});
