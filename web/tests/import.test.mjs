// Game import and export (issue 15, item 2) on /replay, /analysis and the puzzle editor.
// tests/data/import-game.xqf is an encrypted XQF file written by our own writer:
// `xiangqi convert --to xqf --encrypt tests/data/import-game.pgn` (crates/cli/tests/it/cli.rs
// checks that the committed file is that command's output). Its ten plies end with Black's
// cannon on i7 (5... C8=9), Red's cannon on e2, Red's soldier on c4 and Black's on g5.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setUp, newPage, assertNoErrors, screenshot, boardReady, waitForPiece, webDir } from './lib/harness.mjs';

let env;
before(async () => { env = await setUp(); });
after(async () => { await env?.done(); });

const xqf = readFileSync(join(webDir, 'tests', 'data', 'import-game.xqf'));
const xqfFile = { name: 'import-game.xqf', mimeType: 'application/octet-stream', buffer: xqf };

/** Waits for the final position of import-game (after ten plies). */
async function finalPosition(page) {
  await waitForPiece(page, 'i7', 'c', '#board');
  await waitForPiece(page, 'e2', 'C', '#board');
  await waitForPiece(page, 'c4', 'P', '#board');
  await waitForPiece(page, 'g5', 'p', '#board');
}

test('replay: an XQF file we wrote opens, and its PGN export reads back', async () => {
  const page = await newPage(env.browser);
  await page.goto(`${env.base}/replay`);
  await boardReady(page, '#board');
  await page.setInputFiles('#io [data-io=file]', xqfFile);
  await page.locator('#status .text', { hasText: 'Start position' }).waitFor();
  await page.keyboard.press('End');
  await finalPosition(page);
  await page.locator('#status .text', { hasText: 'Move 10 of 10' }).waitFor();
  // The header's players, event and result are shown (the resignation is not in the moves).
  await page.locator('#about', { hasText: '红方棋手 – Black player · Import test game · 2026.12.01 · Result 1-0' }).waitFor();
  // Export as PGN: the players from the XQF header, the moves in WXF, the result.
  const [dl] = await Promise.all([page.waitForEvent('download'), page.click('#io [data-io=download-pgn]')]);
  const pgn = readFileSync(await dl.path(), 'utf8');
  assert.match(pgn, /\[Red "红方棋手"\]/);
  assert.match(pgn, /\[Result "1-0"\]/);
  assert.match(pgn, /1\. C2=5 H8\+7 2\. H2\+3 R9=8 3\. R1=2 H2\+3 4\. P7\+1 P7\+1 5\. H8\+7 C8=9 1-0/);
  // And DhtmlXQ: the moves as digits.
  const [dl2] = await Promise.all([page.waitForEvent('download'), page.click('#io [data-io=download-dhtmlxq]')]);
  const ubb = readFileSync(await dl2.path(), 'utf8');
  assert.match(ubb, /\[DhtmlXQ_movelist\]7747706279678070897910222625636419277282\[\/DhtmlXQ_movelist\]/);
  assert.match(ubb, /\[DhtmlXQ_result\]红胜\[\/DhtmlXQ_result\]/);
  // The PGN read back on another page gives the same game.
  const other = await newPage(env.browser);
  await other.goto(`${env.base}/replay?moves=`);
  await boardReady(other, '#board');
  await other.setInputFiles('#io [data-io=file]', { name: 'back.pgn', mimeType: 'application/x-chess-pgn', buffer: Buffer.from(pgn) });
  await other.locator('#about', { hasText: '红方棋手' }).waitFor();
  await other.locator('[data-go="last"]:not([disabled])').first().click();
  await finalPosition(other);
  assertNoErrors(page);
  assertNoErrors(other);
});

test('replay: a WXF move list and DhtmlXQ text pasted', async () => {
  const page = await newPage(env.browser);
  await page.goto(`${env.base}/replay`);
  await boardReady(page, '#board');
  await page.fill('#moves-input', '1. C2=5 H8+7 2. H2+3 R9=8');
  await page.click('#load-form button[type=submit]');
  await page.locator('#status .text', { hasText: 'Start position' }).waitFor();
  await page.keyboard.press('End');
  await waitForPiece(page, 'e2', 'C', '#board');
  await waitForPiece(page, 'h9', 'r', '#board');
  await waitForPiece(page, 'g2', 'N', '#board');
  await page.fill('#moves-input', '[DhtmlXQ]\n[DhtmlXQ_movelist]77471242[/DhtmlXQ_movelist]\n[/DhtmlXQ]');
  await page.click('#load-form button[type=submit]');
  await page.locator('#status .text', { hasText: 'Start position' }).waitFor();
  await page.keyboard.press('End');
  await waitForPiece(page, 'e7', 'c', '#board');
  await waitForPiece(page, 'e2', 'C', '#board');
  await screenshot(page, 'replay-import');
  assertNoErrors(page);
});

test('analysis: an XQF file, DhtmlXQ text, and a bad file with a clear error', async () => {
  const page = await newPage(env.browser);
  await page.goto(`${env.base}/analysis`);
  await boardReady(page, '#board');
  await page.setInputFiles('#io [data-io=file]', xqfFile);
  await finalPosition(page); // the analysis board opens a game at its last move
  await page.locator('#status .text', { hasText: 'Move 10 of 10' }).waitFor();
  // A cut XQF file: the reader's reason, on the page.
  await page.setInputFiles('#io [data-io=file]', { ...xqfFile, name: 'cut.xqf', buffer: xqf.subarray(0, 600) });
  await page.locator('#error', { hasText: 'cut.xqf: this could not be read: XQF: the XQF file is cut short' }).waitFor();
  // A file with an illegal move names the ply.
  await page.setInputFiles('#io [data-io=file]', {
    name: 'bad.txt', mimeType: 'text/plain', buffer: Buffer.from('[DhtmlXQ_movelist]77470010[/DhtmlXQ_movelist]'),
  });
  await page.locator('#error', { hasText: /ply 2: illegal move/ }).waitFor();
  await finalPosition(page); // the game shown is kept
  await page.fill('#paste', '[DhtmlXQ][DhtmlXQ_movelist]7747[/DhtmlXQ_movelist][/DhtmlXQ]');
  await page.click('#paste-form button[type=submit]');
  await waitForPiece(page, 'e2', 'C', '#board');
  await waitForPiece(page, 'i7', null, '#board');
  assert.equal(await page.locator('#error').isHidden(), true);
  await screenshot(page, 'analysis-import');
  assertNoErrors(page);
});

test('puzzle editor: an imported game sets up the position it ends in', async () => {
  const page = await newPage(env.browser);
  await page.goto(`${env.base}/puzzles/new`);
  await boardReady(page, '#editor-board');
  await page.setInputFiles('#io [data-io=file]', xqfFile);
  await page.waitForFunction(() => /** @type {HTMLInputElement} */ (document.getElementById('fen')).value.startsWith('r1bakabr1/9/1cn3n1c/p1p1p3p/'));
  await page.locator('#valid-ok', { hasText: 'Legal position. Red to move' }).waitFor();
  // A WXF move list typed in the FEN box: the position after it.
  await page.fill('#fen', 'C2=5 H8+7');
  await page.click('#load-fen');
  await page.waitForFunction(() => /** @type {HTMLInputElement} */ (document.getElementById('fen')).value.startsWith('rnbakab1r/9/1c4nc1/'));
  await page.locator('#valid-ok', { hasText: 'Legal position. Red to move' }).waitFor();
  const [dl] = await Promise.all([page.waitForEvent('download'), page.click('#io [data-io=download-pgn]')]);
  assert.match(readFileSync(await dl.path(), 'utf8'), /\[FEN "rnbakab1r\/9\/1c4nc1\/p1p1p1p1p\/9\/9\/P1P1P1P1P\/1C2C4\/9\/RNBAKABNR w/);
  assertNoErrors(page);
});
