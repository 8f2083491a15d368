// The analysis board (/analysis): the engine's evaluation and best lines for a pasted FEN,
// a `?fen=&moves=` link opened at its last move, stepping, a move on the board from an earlier
// position cutting the line, a review that marks a hung chariot as a blunder, no move of the
// opening book and no move its own search chose, an invalid paste shown, the Analyse link of
// /local, and all of it with the server stopped after the load.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  setUp, newPage, assertNoErrors, screenshot, boardReady, waitForPiece, pieceAt, playByClicks, START_FEN,
} from './lib/harness.mjs';

let env;
before(async () => { env = await setUp(); });
after(async () => { await env?.done(); });

/**
 * 1. H2+3 H8+7 2. P3+1 R9+1 3. H8+7 R9=8??: Black's chariot on h8 stands behind the screen of
 * its own cannon on h7, in the line of Red's cannon on h2, and nothing defends it.
 */
const HUNG_CHARIOT = ['h0g2', 'h9g7', 'g3g4', 'i9i8', 'b0c2', 'i8h8'];

/** Waits for the evaluation bar to show a score; returns its text. */
async function evaluation(page) {
  await page.waitForFunction(() => /^(-?M\d+|[+-]?\d+\.\d\d)$/.test(document.querySelector('#evalbar')?.getAttribute('data-score') || ''), null, { timeout: 15000 });
  return page.locator('#evalbar').getAttribute('data-score');
}

test('analysis: a pasted FEN gets an evaluation and a principal variation of legal moves', async () => {
  const page = await newPage(env.browser);
  await page.goto(`${env.base}/analysis`);
  await boardReady(page, '#board');
  // Red to move with a chariot up: Red is clearly better.
  const fen = '3k5/9/9/9/9/9/9/9/4R4/4K4 w - - 0 1';
  await page.fill('#paste', fen);
  await page.click('#paste-form button[type=submit]');
  await waitForPiece(page, 'e1', 'R', '#board');
  const score = await evaluation(page);
  assert.ok(/^(M\d+|\+\d+\.\d\d)$/.test(score), `Red ahead: ${score}`);
  assert.match(await page.locator('#evalbar').getAttribute('aria-valuetext'), /Red/);
  // The first line: a score, a depth and moves; its ICCS moves replay legally from the FEN.
  const line = page.locator('#lines .a-line[data-line="1"]');
  await line.waitFor();
  assert.match(await line.locator('.a-line-score').textContent(), /^(M\d+|\+\d+\.\d\d)$/);
  assert.match(await line.locator('.a-line-depth').textContent(), /^d\d+$/);
  const pv = (await line.getAttribute('data-pv')).split(' ');
  assert.ok(pv.length >= 1 && pv.every((m) => /^[a-i]\d[a-i]\d$/.test(m)), `a PV in ICCS: ${pv}`);
  const legal = await page.evaluate(async ({ fen, pv }) => {
    const { localPosition } = await import('/assets/js/xiangqi-wasm.js');
    try {
      await localPosition(fen, pv);
      return true;
    } catch {
      return false;
    }
  }, { fen, pv });
  assert.ok(legal, `the PV ${pv} is legal`);
  // Written in WXF (the default notation), with move numbers.
  assert.match(await line.locator('.a-line-pv').textContent(), /^1\. [RKA][1-9]/);
  // Two lines asked by default (two legal moves at least here): both come, with different first moves.
  const second = page.locator('#lines .a-line[data-line="2"]');
  await second.waitFor({ timeout: 15000 });
  assert.notEqual((await second.getAttribute('data-pv')).split(' ')[0], pv[0]);
  // The engine toggle stops and restarts.
  await page.click('#engine-toggle');
  assert.equal(await page.locator('#engine-toggle').getAttribute('aria-pressed'), 'false');
  await page.locator('#engine-info', { hasText: 'The engine is off.' }).waitFor();
  await page.click('#engine-toggle');
  await evaluation(page);
  assertNoErrors(page);
});

test('analysis: a link opens at the last move; stepping; a move from an earlier position cuts the line', async () => {
  const page = await newPage(env.browser);
  const moves = ['h2e2', 'h9g7', 'h0g2', 'i9h9'];
  await page.goto(`${env.base}/analysis?${new URLSearchParams({ fen: START_FEN, moves: moves.join(',') })}`);
  await boardReady(page, '#board');
  // At the last move: the black chariot stands on h9 and the last move is current.
  await waitForPiece(page, 'h9', 'r', '#board');
  await page.locator('#moves [data-ply="4"][aria-current]').waitFor();
  await evaluation(page);
  // Back with the buttons, the keys and a click in the list.
  await page.click('#moves [data-go="back"]');
  await waitForPiece(page, 'i9', 'r', '#board');
  await page.click('#moves [data-go="first"]');
  await waitForPiece(page, 'h2', 'C', '#board');
  await page.locator('h1').click();
  await page.keyboard.press('ArrowRight');
  await waitForPiece(page, 'e2', 'C', '#board');
  await page.keyboard.press('End');
  await waitForPiece(page, 'h9', 'r', '#board');
  await page.keyboard.press('Home');
  await waitForPiece(page, 'h2', 'C', '#board');
  await page.click('#moves [data-ply="2"]');
  await waitForPiece(page, 'g7', 'n', '#board');
  assert.equal(await pieceAt(page, 'e2', '#board'), 'C');
  // The position is analysed anew.
  await evaluation(page);
  // After move 2, Red plays another third move: the line is cut and the move appended.
  await playByClicks(page, 'b2d2', '#board');
  await page.locator('#moves [data-ply="3"][aria-current]').waitFor();
  assert.equal(await page.locator('#moves [data-ply]').count(), 3);
  assert.equal(await page.locator('#moves [data-ply="3"]').getAttribute('data-iccs'), 'b2d2');
  assert.match(page.url(), /moves=h2e2%2Ch9g7%2Cb2d2/);
  await evaluation(page);
  assertNoErrors(page);
});

test('analysis: a review marks the hung chariot as a blunder, and the graph jumps', async () => {
  const page = await newPage(env.browser);
  await page.goto(`${env.base}/analysis?moves=${HUNG_CHARIOT.join(',')}`);
  await boardReady(page, '#board');
  await waitForPiece(page, 'h8', 'r', '#board');
  await page.click('#review');
  await page.locator('#review-progress').waitFor();
  await page.locator('#review-panel').waitFor({ timeout: 30000 });
  await page.locator('#review-progress').waitFor({ state: 'hidden' });
  // 3… R9=8?? (i8h8) is a blunder: marked in the list and in Black's summary.
  const blunder = page.locator('#moves [data-ply="6"]');
  assert.equal(await blunder.getAttribute('data-note'), 'blunder');
  assert.match(await blunder.getAttribute('aria-label'), /blunder/);
  assert.match(await blunder.textContent(), /\?\?$/);
  const black = page.locator('#summary [data-side="black"] [data-kind="blunder"]');
  assert.ok(Number(await black.getAttribute('data-count')) >= 1);
  assert.equal(await page.locator('#summary [data-side="red"] [data-kind="blunder"]').getAttribute('data-count'), '0');
  // The graph has a point per position; clicking one shows it.
  assert.equal(await page.locator('#graph [data-ply]').count(), HUNG_CHARIOT.length + 1);
  await page.locator('#graph [data-ply="3"] circle').click();
  await page.locator('#moves [data-ply="3"][aria-current]').waitFor();
  await waitForPiece(page, 'g4', 'P', '#board');
  assert.equal(await pieceAt(page, 'i8', '#board'), null);
  await evaluation(page);
  await page.setViewportSize({ width: 1100, height: 1100 });
  await screenshot(page, 'analysis');
  assertNoErrors(page);
});

/**
 * The first twelve plies of Xu Yinchuan – Yan Wenqing, 1999 (web/classics/): central cannon
 * against screen horses, 1. C2=5 H8+7 2. H2+3 R9=8 3. R1=2 P7+1 4. R2+6 H2+3 — the book's
 * main line for eight plies — then 5. H8+7 P3+1 6. R9+1 C2+1.
 */
const CLASSIC_OPENING = ['h2e2', 'h9g7', 'h0g2', 'i9h9', 'i0h0', 'g6g5', 'h0h6', 'b9c7', 'b0c2', 'c6c5', 'a0a1', 'b7b6'];

test('analysis: a review marks no move of the opening book', async () => {
  const page = await newPage(env.browser);
  await page.goto(`${env.base}/analysis?moves=${CLASSIC_OPENING.join(',')}`);
  await boardReady(page, '#board');
  await page.click('#review');
  await page.locator('#review-panel').waitFor({ timeout: 60000 });
  await page.locator('#review-progress').waitFor({ state: 'hidden' });
  assert.equal(await page.locator('#summary .a-book').getAttribute('data-book'), '8');
  for (let p = 1; p <= 8; p++) {
    assert.equal(await page.locator(`#moves [data-ply="${p}"]`).getAttribute('data-note'), null, `ply ${p} is a book move`);
  }
  // The graph shades the book's plies.
  assert.equal(await page.locator('#graph .a-graph-book').count(), 1);
  // The start position reads within ±0.40 of equal (issue 29): a reported pawn is the score
  // at which the side to move wins half its games, not the evaluation's own unit.
  const start = await page.locator('#graph [data-ply="0"] title').textContent();
  const score = start.match(/— ([+-]?\d+\.\d\d),/);
  assert.ok(score && Math.abs(Number(score[1])) <= 0.4, `the start position: ${start}`);
  assertNoErrors(page);
});

test("analysis: a review never marks a move its own search chose, however the score moved", async () => {
  const page = await newPage(env.browser);
  await page.goto(`${env.base}/analysis`);
  await boardReady(page, '#board');
  // A searched line as the review makes it: Red's h2e2 was the search's own move though the
  // expected score fell 24 points after it (the next search saw further); Black's h9g7 was
  // not, and gave 20 points away; Red's h0g2 was the search's move again.
  const notes = await page.evaluate(async () => {
    const { judge } = await import('/assets/js/analysis-review.js');
    const review = judge('line', {
      moves: ['h2e2', 'h9g7', 'h0g2'],
      evals: [{ cp: 17 }, { cp: -90 }, { cp: 0 }, { cp: 0 }],
      expected: [0.54, 0.30, 0.50, 0.50],
      turns: ['red', 'black', 'red', 'black'],
      bests: ['h2e2', 'b9c7', 'h0g2', 'h9h5'],
      book: 0,
    });
    return [...review.notes.entries()].map(([ply, note]) => [ply, note.kind]);
  });
  assert.deepEqual(notes, [[2, 'blunder']]);
  assertNoErrors(page);
});

test('analysis: a review can be cancelled; an invalid paste shows the problem', async () => {
  const page = await newPage(env.browser);
  await page.goto(`${env.base}/analysis?moves=${HUNG_CHARIOT.join(',')}`);
  await boardReady(page, '#board');
  await page.click('#review');
  await page.click('#review-cancel');
  await page.locator('#review-progress').waitFor({ state: 'hidden' });
  assert.equal(await page.locator('#review-panel').isHidden(), true);
  await evaluation(page);
  // Two red generals.
  await page.fill('#paste', '4k4/9/9/9/9/9/9/9/9/3KK4 w - - 0 1');
  await page.click('#paste-form button[type=submit]');
  const error = page.locator('#error');
  await error.waitFor();
  assert.match(await error.textContent(), /\S/);
  // A move that is not legal.
  await page.fill('#paste', 'h2e2 h2e2');
  await page.click('#paste-form button[type=submit]');
  await page.locator('#error', { hasText: /./ }).waitFor();
  // The game shown is unchanged.
  await waitForPiece(page, 'h8', 'r', '#board');
  await screenshot(page, 'analysis-error');
  assertNoErrors(page);
});

test('analysis: /local links its game here, and the page works with the server stopped', async () => {
  // A server of its own, stopped after the load.
  const { startServer } = await import('./lib/harness.mjs');
  const server = await startServer();
  try {
    const page = await newPage(env.browser);
    await page.goto(`${server.base}/local`);
    await boardReady(page, '#board');
    await page.evaluate(() => localStorage.clear());
    await page.reload();
    await boardReady(page, '#board');
    await playByClicks(page, 'h2e2', '#board');
    await playByClicks(page, 'h9g7', '#board');
    await page.waitForFunction(() => /moves=h2e2(,|%2C)h9g7/.test(document.querySelector('#analyse')?.getAttribute('href') || ''));
    await page.click('#analyse');
    await page.waitForURL(/\/analysis/);
    await boardReady(page, '#board');
    await waitForPiece(page, 'g7', 'n', '#board');
    await evaluation(page);
    // Offline from here (once the service worker controls the page): stepping, which starts
    // a new engine worker, a paste and a review still work.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      if (!navigator.serviceWorker.controller) {
        await new Promise((ok) => navigator.serviceWorker.addEventListener('controllerchange', ok, { once: true }));
      }
    });
    await server.stop();
    await page.click('#moves [data-go="back"]');
    await waitForPiece(page, 'h9', 'n', '#board');
    // Black to move now: the new worker's best line starts with a black piece's move.
    await page.waitForFunction(() => {
      const pv = document.querySelector('#lines .a-line[data-line="1"]')?.getAttribute('data-pv');
      const from = pv?.slice(0, 2);
      const piece = from && document.querySelector(`#board [data-square="${from}"] [data-piece]`)?.getAttribute('data-piece');
      return !!piece && piece === piece.toLowerCase();
    }, null, { timeout: 15000 });
    await evaluation(page);
    await page.fill('#paste', HUNG_CHARIOT.join(' '));
    await page.click('#paste-form button[type=submit]');
    await waitForPiece(page, 'h8', 'r', '#board');
    await evaluation(page);
    await page.click('#review');
    await page.locator('#review-panel').waitFor({ timeout: 30000 });
    assert.equal(await page.locator('#moves [data-ply="6"]').getAttribute('data-note'), 'blunder');
    assertNoErrors(page);
  } finally {
    await server.stop();
  }
});
