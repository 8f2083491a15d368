// Repetition rulings on /local, explained in the page's notation from the server's cycle
// data: a perpetual check and a perpetual chase played by clicks to the ruling, the warning
// at the third occurrence, the explanation, and exactly the cycle's moves marked in the
// move list (checks and chases told apart, and described for screen readers).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { setUp, newPage, assertNoErrors, screenshot, boardReady, playByClicks } from './lib/harness.mjs';

let env;
before(async () => { env = await setUp(); });
after(async () => { await env?.done(); });

/**
 * Opens /local on `fen` and plays `moves` by clicks.
 * @param {string} fen
 * @param {string[]} moves
 */
async function playOnLocal(fen, moves) {
  const page = await newPage(env.browser);
  await page.goto(`${env.base}/local?fen=${encodeURIComponent(fen)}`);
  await boardReady(page, '#board');
  for (const m of moves) await playByClicks(page, m, '#board');
  return page;
}

/** The plies of the move list marked as the cycle's, by kind (`data-cycle`). */
async function marked(page) {
  return page.locator('#moves [data-ply]').evaluateAll((cells) => {
    /** @type {Record<string, number[]>} */
    const out = { all: [] };
    for (const c of cells) {
      if (!c.classList.contains('ml-cycle')) continue;
      const ply = Number(c.getAttribute('data-ply'));
      out.all.push(ply);
      const kind = c.getAttribute('data-cycle') ?? '';
      (out[kind] ??= []).push(ply);
    }
    return out;
  });
}

/** Chooses a notation in the move list. */
async function notation(page, n) {
  await page.locator(`#moves [data-n="${n}"]`).click();
}

/** The range a..b. */
const range = (a, b) => Array.from({ length: b - a + 1 }, (_, i) => a + i);

/**
 * Plays `opening` and two laps of `lap` on /local and expects the warning, then the third
 * lap and expects the ruling's title and explanation; the cycle (every ply after the
 * opening) is marked at both, Red's moves as `kind` (check or chase), Black's as idle.
 * Returns the page.
 * @param {{fen: string, opening: string[], lap: string[], warning: string, title: string,
 *   explanation: string, kind: string}} c
 */
async function playToRuling(c) {
  const page = await playOnLocal(c.fen, [...c.opening, ...c.lap, ...c.lap]);
  const first = c.opening.length + 1;
  await page.locator('#warning', { hasText: 'Repeating once more loses' }).waitFor();
  assert.equal(await page.locator('#warning').textContent(), `⚠ ${c.warning}`);
  assert.deepEqual((await marked(page)).all, range(first, first + 2 * c.lap.length - 1), 'the warning marks its cycle');
  for (const m of c.lap) await playByClicks(page, m, '#board');
  const detail = page.locator('#banner .banner-detail');
  await detail.waitFor();
  assert.equal(await page.locator('#banner .banner-title').textContent(), c.title);
  assert.equal(await detail.textContent(), c.explanation);
  assert.ok(await page.locator('#warning').isHidden());
  const m = await marked(page);
  const cycle = range(first, first + 3 * c.lap.length - 1);
  assert.deepEqual(m.all, cycle, 'exactly the cycle: not the opening plies');
  assert.deepEqual(m[c.kind], cycle.filter((p) => p % 2 === 1), `Red's moves are marked ${c.kind}`);
  assert.deepEqual(m.idle, cycle.filter((p) => p % 2 === 0), "Black's moves are marked idle");
  assert.equal(Object.keys(m).length, 3, 'no other kind');
  return page;
}

test('one screen: a perpetual check is warned, ruled and explained, its cycle marked', async () => {
  // Two opening plies that are no part of the cycle, then three laps: the position after
  // ply 2 occurs again after plies 6, 10 and 14 (checked with `xiangqi game`).
  const page = await playToRuling({
    fen: '3k5/7R1/9/9/9/9/9/9/9/4K4 w - - 0 1',
    opening: ['e0f0', 'd9e9'],
    lap: ['h8h9', 'e9e8', 'h9h8', 'e8e9'],
    warning: "Red is repeating with perpetual check: Red's chariot checked on every move from move 2 to move 5 (R2+1, R2-1, …), and the position has occurred 3 times. Repeating once more loses: Red must play a move that does not give check.",
    title: 'Black wins: Red gave perpetual check',
    explanation: "Red loses by perpetual check: Red's chariot checked on every move from move 2 to move 7 (R2+1, R2-1, …); Black's replies broke no rule.",
    kind: 'check',
  });
  assert.equal(await page.locator('#moves [data-ply="3"]').getAttribute('aria-label'), '2, Red: R2+1 — repetition cycle: gives check');
  assert.equal(await page.locator('#moves [data-ply="1"]').getAttribute('aria-label'), '1, Red: K5=4');
  await screenshot(page, 'local-perpetual-check');
  // The sentence follows the notation the player chooses.
  await notation(page, 'iccs');
  await page.locator('#banner .banner-detail', { hasText: '(h8h9, h9h8, …)' }).waitFor();
  await notation(page, 'chinese');
  await page.locator('#banner .banner-detail', { hasText: '(车二进一, 车二退一, …)' }).waitFor();
  assertNoErrors(page);
});

test('one screen: a perpetual chase is warned, ruled and explained, its cycle marked', async () => {
  const page = await playToRuling({
    fen: '4k4/9/9/3N5/r8/9/9/9/9/3K5 w - - 0 1',
    opening: ['d0d1', 'e9f9'],
    lap: ['d6c4', 'a5b5', 'c4d6', 'b5a5'],
    warning: "Red is repeating with perpetual chase: Red's horse chased Black's chariot (a5) on every move from move 2 to move 5 (H6-7, H7+6, …), and the position has occurred 3 times. Repeating once more loses: Red must stop threatening Black's chariot (a5).",
    title: 'Black wins: Red chased a piece perpetually',
    explanation: "Red loses by perpetual chase: Red's horse chased Black's chariot (a5) on every move from move 2 to move 7 (H6-7, H7+6, …); Black's replies broke no rule.",
    kind: 'chase',
  });
  assert.equal(
    await page.locator('#moves [data-ply="5"]').getAttribute('aria-label'),
    "3, Red: H7+6 — repetition cycle: chases Black's chariot (b5)",
  );
  await screenshot(page, 'local-perpetual-chase');
  assertNoErrors(page);
});

test('replay: the perpetual check is explained and marked at the ruling, not before it', async () => {
  const lap = ['a8a9', 'e9e8', 'a9a8', 'e8e9'];
  const moves = [...lap, ...lap, ...lap].join(',');
  const fen = '4k4/R8/9/9/9/9/9/9/9/3K5 w - - 0 1';
  const page = await newPage(env.browser);
  await page.goto(`${env.base}/replay?fen=${encodeURIComponent(fen)}&moves=${moves}`);
  await page.locator('#moves [data-ply="12"]').waitFor();
  assert.deepEqual((await marked(page)).all, [], 'the start position has no cycle');
  await page.locator('#moves [data-go="last"]').click();
  await page.locator('#banner .banner-detail', {
    hasText: "Red loses by perpetual check: Red's chariot checked on every move from move 1 to move 6 (R9+1, R9-1, …); Black's replies broke no rule.",
  }).waitFor();
  const m = await marked(page);
  assert.deepEqual(m.all, range(1, 12));
  assert.deepEqual(m.check, [1, 3, 5, 7, 9, 11]);
  assertNoErrors(page);
});
