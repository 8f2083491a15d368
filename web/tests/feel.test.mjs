// Feel: sounds and their mute switch, the sliding piece (and none under reduced motion), the
// board and piece settings, New game's question, and `?fen=` links that keep the saved game
// or say why their position cannot be played.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  setUp, newPage, assertNoErrors, screenshot, boardReady, playByClicks, pieceAt, waitForPiece, api,
} from './lib/harness.mjs';

let env;
before(async () => { env = await setUp(); });
after(async () => { await env?.done(); });

// Red chariot a1 takes the soldier on a5, Black's general steps up, the chariot checks from e5
// (checked with `xiangqi game`).
const CHASE_FEN = '4k4/9/9/9/p8/9/9/9/R8/3K5 w - - 0 1';
// The double-cannon mate: b4b3, a6a5, b3e3 mates (as in local.test.mjs).
const MATE_FEN = '3aka3/9/9/p8/9/1C7/9/4C4/9/3K5 w - - 0 1';

/**
 * Counts, from before the page's own scripts run, the oscillators made by Web Audio (each
 * sound makes at least one) and the animations started on the board's pieces.
 */
function instrument() {
  window.__oscillators = 0;
  window.__slides = 0;
  const AC = window.AudioContext;
  if (AC) {
    const make = AC.prototype.createOscillator;
    AC.prototype.createOscillator = function () { window.__oscillators += 1; return make.call(this); };
  }
  const animate = Element.prototype.animate;
  Element.prototype.animate = function (...args) {
    if (this.closest?.('.xq-board') && this.matches?.('[data-piece]')) window.__slides += 1;
    return animate.apply(this, args);
  };
}

/** A page in its own context with `instrument` installed; `options` are the context's. */
async function page(options = {}) {
  const ctx = await env.browser.newContext({ viewport: { width: 1100, height: 900 }, ...options });
  await ctx.addInitScript(instrument);
  return newPage(ctx);
}

/** @returns {Promise<{last: string|null, count: number, oscillators: number, slides: number}>} */
const heard = (p) => p.evaluate(() => ({
  last: document.documentElement.dataset.lastSound ?? null,
  count: Number(document.documentElement.dataset.soundCount ?? 0),
  oscillators: window.__oscillators,
  slides: window.__slides,
}));

/** Waits until `count` sounds have been played, and returns what was heard. */
async function waitForSounds(p, count) {
  await p.waitForFunction((n) => Number(document.documentElement.dataset.soundCount ?? 0) >= n, count);
  return heard(p);
}

test('sounds: a move, a capture, a check and a checkmate on /local, each synthesized', async () => {
  const p = await page();
  await p.goto(`${env.base}/local?fen=${encodeURIComponent(CHASE_FEN)}`);
  await boardReady(p, '#board');
  assert.equal((await heard(p)).count, 0, 'loading a game is silent');
  await playByClicks(p, 'a1a5', '#board');
  let h = await waitForSounds(p, 1);
  assert.equal(h.last, 'capture');
  await playByClicks(p, 'e9e8', '#board');
  h = await waitForSounds(p, 2);
  assert.equal(h.last, 'move');
  await playByClicks(p, 'a5e5', '#board');
  h = await waitForSounds(p, 3);
  assert.equal(h.last, 'check');
  assert.ok(h.oscillators >= 3, `Web Audio made the sounds (${h.oscillators} oscillators)`);

  await p.goto(`${env.base}/local?fen=${encodeURIComponent(MATE_FEN)}`);
  await boardReady(p, '#board');
  for (const m of ['b4b3', 'a6a5', 'b3e3']) await playByClicks(p, m, '#board');
  await p.locator('#banner', { hasText: /checkmate/i }).waitFor();
  h = await waitForSounds(p, 3);
  assert.equal(h.last, 'end', 'the mate sounds as the end of the game');
  assertNoErrors(p);
});

test('sounds: the mute switch silences every page and is remembered', async () => {
  const p = await page();
  await p.goto(`${env.base}/local`);
  await boardReady(p, '#board');
  const sound = p.locator('#settings [data-setting=sound]');
  assert.equal(await sound.getAttribute('aria-pressed'), 'true', 'sounds are on at first');
  await sound.click();
  assert.equal(await sound.getAttribute('aria-pressed'), 'false');
  await p.reload();
  await boardReady(p, '#board');
  assert.equal(await p.locator('#settings [data-setting=sound]').getAttribute('aria-pressed'), 'false', 'muted after a reload');
  await playByClicks(p, 'h2e2', '#board');
  await playByClicks(p, 'h9g7', '#board');
  await p.waitForTimeout(200);
  let h = await heard(p);
  assert.equal(h.count, 0, 'nothing is played while muted');
  assert.equal(h.oscillators, 0);

  // The other pages follow the same switch.
  await p.goto(`${env.base}/analysis`);
  assert.equal(await p.locator('#settings [data-setting=sound]').getAttribute('aria-pressed'), 'false', '/analysis is muted too');
  await p.locator('#settings [data-setting=sound]').click();
  await boardReady(p, '#board');
  await playByClicks(p, 'b2e2', '#board');
  h = await waitForSounds(p, 1);
  assert.equal(h.last, 'move', '/analysis sounds a move played on its board once unmuted');
  assertNoErrors(p);
});

test('sounds: the computer\'s replies on /computer and the opponent\'s moves in a room', async () => {
  const p = await page();
  await p.goto(`${env.base}/computer`);
  await p.locator('#level').selectOption('1');
  await p.locator('#color').selectOption('red');
  await p.click('#start');
  await boardReady(p, '#board');
  await playByClicks(p, 'h2e2', '#board');
  let h = await waitForSounds(p, 2);
  assert.ok(h.oscillators >= 2, 'the player\'s move and the computer\'s reply were both heard');

  // A room against the server's engine: the page hears its own move and the reply.
  const created = await api(env.base, 'POST', '/api/rooms', { computer: { level: 1, color: 'black' } });
  assert.equal(created.status, 201, created.text);
  const room = await page();
  await room.goto(`${env.base}/`);
  await room.evaluate(([c, s]) => localStorage.setItem(`xiangqi.seat.${c}`, s), [created.json.code, created.json.seat]);
  await room.goto(`${env.base}/play/${created.json.code}`);
  await boardReady(room, '#board');
  await playByClicks(room, 'h2e2', '#board');
  // The engine's reply reaches the page (it may then move again).
  await room.locator('#board [data-square].movable').first().waitFor({ timeout: 30000 });
  h = await waitForSounds(room, 2);
  assert.ok(['move', 'capture', 'check'].includes(h.last), `the reply sounded (${h.last})`);
  assertNoErrors(p);
  assertNoErrors(room);
});

test('animation: a played move slides; none on load, none under reduced motion', async () => {
  const p = await page();
  await p.goto(`${env.base}/local`);
  await boardReady(p, '#board');
  await playByClicks(p, 'h2e2', '#board');
  await playByClicks(p, 'h9g7', '#board');
  assert.equal((await heard(p)).slides, 2, 'each move slid its piece');
  await p.reload();
  await boardReady(p, '#board');
  await waitForPiece(p, 'g7', 'n', '#board');
  assert.equal((await heard(p)).slides, 0, 'a position set on load does not slide');

  const still = await page({ reducedMotion: 'reduce' });
  await still.goto(`${env.base}/local`);
  await boardReady(still, '#board');
  await playByClicks(still, 'h2e2', '#board');
  await playByClicks(still, 'h9g7', '#board');
  assert.equal((await heard(still)).slides, 0, 'nothing slides under prefers-reduced-motion');
  assertNoErrors(p);
  assertNoErrors(still);
});

test('themes: board colours and letter pieces are remembered and followed by every board page', async () => {
  const p = await page();
  await p.goto(`${env.base}/local`);
  await boardReady(p, '#board');
  const fill = () => p.evaluate(() => getComputedStyle(document.querySelector('#board .bg')).fill);
  const glyph = () => p.locator('#board [data-square="h2"] .glyph').textContent();
  const wood = await fill();
  assert.equal(await glyph(), '炮');
  await p.locator('#settings [data-setting=board]').selectOption('green');
  await p.locator('#settings [data-setting=pieces]').selectOption('letters');
  assert.notEqual(await fill(), wood, 'the board changed colour');
  assert.equal(await glyph(), 'C', 'the pieces show letters');
  await screenshot(p, 'feel-green-letters');
  await p.reload();
  await boardReady(p, '#board');
  assert.equal(await p.locator('#settings [data-setting=board]').inputValue(), 'green');
  assert.equal(await glyph(), 'C');
  const green = await fill();
  assert.notEqual(green, wood, 'still green after a reload');
  for (const path of ['/computer', '/analysis', '/replay']) {
    await p.goto(`${env.base}${path}`);
    await boardReady(p, '#board');
    assert.equal(await fill(), green, `${path} has the green board`);
    assert.equal(await p.locator('#board [data-piece]').first().locator('.glyph.letters').count(), 1, `${path} has letters`);
    assert.equal(await p.locator('#settings [data-setting=pieces]').inputValue(), 'letters');
  }
  await p.locator('#settings [data-setting=board]').selectOption('grey');
  assert.notEqual(await fill(), green, 'a third colour');
  assertNoErrors(p);
});

test('themes: the symbol pieces draw each kind of piece its own way, with no text, and are remembered', async () => {
  const p = await page();
  await p.goto(`${env.base}/local`);
  await boardReady(p, '#board');
  await p.locator('#settings [data-setting=pieces]').selectOption('symbols');
  // Every piece on the board is a symbol; none is a character or a letter.
  await p.locator('#board [data-square="h2"] .symbol[data-symbol="c"]').waitFor();
  assert.equal(await p.locator('#board [data-piece] .glyph').count(), 0);
  assert.equal(await p.locator('#board [data-piece] .symbol').count(), 32);
  // The seven kinds (one square each) are seven different drawings, the same for both sides.
  const drawing = (/** @type {string} */ sq) => p.locator(`#board [data-square="${sq}"] .symbol`).innerHTML();
  const kinds = { e0: 'k', d0: 'a', c0: 'b', b0: 'n', a0: 'r', b2: 'c', a3: 'p' };
  const drawings = new Set();
  for (const [sq, kind] of Object.entries(kinds)) {
    assert.equal(await p.locator(`#board [data-square="${sq}"] .symbol`).getAttribute('data-symbol'), kind, sq);
    drawings.add(await drawing(sq));
  }
  assert.equal(drawings.size, 7);
  assert.equal(await drawing('h9'), await drawing('b0'), 'a black horse is drawn as a red one');
  await screenshot(p, 'feel-symbol-pieces');
  await p.reload();
  await boardReady(p, '#board');
  assert.equal(await p.locator('#settings [data-setting=pieces]').inputValue(), 'symbols');
  await p.locator('#board [data-square="e9"] .symbol[data-symbol="k"]').waitFor();
  await p.locator('#settings [data-setting=pieces]').selectOption('chinese');
  assert.equal(await p.locator('#board [data-square="h2"] .glyph').textContent(), '炮');
  assertNoErrors(p);
});

test('New game asks before discarding a game in progress; cancelling keeps it', async () => {
  const p = await page();
  await p.goto(`${env.base}/local`);
  await boardReady(p, '#board');
  const dialog = p.locator('dialog#confirm-dialog');
  // Nothing to lose: no question.
  await p.click('#new-game');
  await p.locator('#board [data-square="h2"].movable').waitFor();
  assert.equal(await dialog.count(), 0);

  await playByClicks(p, 'h2e2', '#board');
  await p.click('#new-game');
  await dialog.waitFor();
  assert.ok(await dialog.evaluate((d) => d.open && d.matches(':modal')), 'a modal dialog asks');
  await dialog.locator('button[value=cancel]').click();
  await dialog.waitFor({ state: 'detached' });
  assert.equal(await pieceAt(p, 'e2', '#board'), 'C', 'cancelling keeps the game');
  await p.click('#new-game');
  await dialog.locator('button[value=ok]').click();
  await waitForPiece(p, 'h2', 'C', '#board');
  assert.equal(await pieceAt(p, 'e2', '#board'), null, 'confirming starts again');

  // /computer asks when Start would replace a game in progress.
  await p.goto(`${env.base}/computer`);
  await p.locator('#level').selectOption('1');
  await p.click('#start');
  await boardReady(p, '#board');
  await playByClicks(p, 'h2e2', '#board');
  await p.locator('#status', { hasText: /your move/i }).waitFor();
  await p.click('#new-game');
  await p.click('#start');
  await dialog.waitFor();
  await screenshot(p, 'feel-new-game-question');
  await dialog.locator('button[value=cancel]').click();
  assert.equal(await pieceAt(p, 'e2', '#board'), 'C', 'the game against the computer goes on');
  assert.ok(await p.locator('#setup').isHidden(), 'back to the game');
  const kept = await p.evaluate(() => JSON.parse(localStorage.getItem('xiangqi.computer.game')).moves.length);
  assert.equal(kept, 2);
  assertNoErrors(p);
});

test('?fen= opens a new game and keeps the saved one; an invalid one says why and stays', async () => {
  const p = await page();
  await p.goto(`${env.base}/local`);
  await boardReady(p, '#board');
  await playByClicks(p, 'h2e2', '#board');
  await playByClicks(p, 'h9g7', '#board');

  await p.goto(`${env.base}/local?fen=${encodeURIComponent(CHASE_FEN)}`);
  await waitForPiece(p, 'a1', 'R', '#board');
  const bar = p.locator('#saved-game');
  await bar.waitFor();
  assert.match(await bar.textContent(), /2 moves/);
  // The bar survives a reload, and brings the saved game back.
  await p.reload();
  await waitForPiece(p, 'a1', 'R', '#board');
  await bar.locator('#back-to-saved').click();
  await waitForPiece(p, 'g7', 'n', '#board');
  assert.equal(await pieceAt(p, 'e2', '#board'), 'C', 'the saved game is back, both moves');
  assert.ok(await bar.isHidden());

  // An invalid position: the reason from the rules library, and the game is untouched.
  await p.goto(`${env.base}/local?fen=${encodeURIComponent('4k4/9/9/9/9/9/9/9/9/9 w - - 0 1')}`);
  const problem = p.locator('#link-problem');
  await problem.waitFor();
  const text = await problem.textContent();
  assert.match(text, /cannot be played/);
  assert.match(text, /general/i, `the reason is given: ${text}`);
  await waitForPiece(p, 'g7', 'n', '#board');
  assert.equal(await pieceAt(p, 'e2', '#board'), 'C', 'the game is unchanged');
  // It stays while the game goes on.
  await playByClicks(p, 'h0g2', '#board');
  assert.ok(await problem.isVisible(), 'the reason stays on screen');
  await screenshot(p, 'feel-invalid-fen');
  await problem.locator('#link-problem-close').click();
  assert.ok(await problem.isHidden());

  // /computer: the same reason, and the kept game is shown, not a fallback position.
  await p.goto(`${env.base}/computer?fen=${encodeURIComponent('rnbakabnr/9/9/9 w')}`);
  await p.locator('#link-problem').waitFor();
  assert.match(await p.locator('#link-problem').textContent(), /cannot be played/);
  await p.locator('#setup').waitFor();  // no game kept yet: the setup, from the start position
  await waitForPiece(p, 'h2', 'C', '#board');
  assertNoErrors(p);
});
