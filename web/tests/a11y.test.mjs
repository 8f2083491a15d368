// Screen readers: every move said in words through the page's one polite live region
// (#xq-live, speech.js) on /local, /computer and /replay, with captures, check, checkmate,
// take backs, once each and nothing when a page opens; the board's accessibility tree (a grid
// of named intersections); and axe-core finding no serious or critical violation on any page.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  setUp, newPage, assertNoErrors, boardReady, playByClicks, waitForPiece, api, webDir,
} from './lib/harness.mjs';

let env;
before(async () => { env = await setUp(); });
after(async () => { await env?.done(); });

const AXE = readFileSync(join(webDir, 'node_modules', 'axe-core', 'axe.min.js'), 'utf8');

/** The lines said so far through the page's live region. */
const said = (page) => page.locator('#xq-live > *').allTextContents();

/** Waits until the live region's last line is `text`, and returns every line said. */
async function waitForSaid(page, text, timeout = 10000) {
  try {
    await page.waitForFunction((t) => document.querySelector('#xq-live')?.lastElementChild?.textContent === t, text, { timeout });
  } catch {
    throw new Error(`the live region did not say "${text}"; it said ${JSON.stringify(await said(page))}`);
  }
  return said(page);
}

/** Opens `path` of the test server in a fresh context and waits for its board. */
async function open(path, opts = {}) {
  const page = await newPage(env.browser, opts);
  await page.goto(env.base + path);
  await boardReady(page, '#board');
  return page;
}

test('/local says each move, its capture and check once, nothing on opening, and take backs', async () => {
  const page = await open('/local');
  const live = page.locator('#xq-live');
  assert.equal(await live.getAttribute('aria-live'), 'polite');
  assert.equal(await live.getAttribute('role'), 'log');
  assert.equal(await page.locator('[aria-live]').count(), 1, 'one live region on the page');
  assert.deepEqual(await said(page), [], 'nothing said on opening');

  await playByClicks(page, 'h2e2', '#board');
  assert.deepEqual(await waitForSaid(page, 'Red cannon h2 to e2'), ['Red cannon h2 to e2'], 'said once');
  await playByClicks(page, 'h9g7', '#board');
  await waitForSaid(page, 'Black horse h9 to g7');
  // The cannon on e2 takes the soldier on e6 over the soldier on e3.
  await playByClicks(page, 'e2e6', '#board');
  await waitForSaid(page, 'Red cannon e2 takes soldier e6');
  assert.deepEqual(await said(page), ['Red cannon h2 to e2', 'Black horse h9 to g7', 'Red cannon e2 takes soldier e6']);

  await page.click('#undo');
  await waitForSaid(page, 'Move taken back. Red to move.');

  // A reload restores the game and says nothing.
  await page.reload();
  await boardReady(page, '#board');
  await waitForPiece(page, 'g7', 'n', '#board');
  await page.waitForTimeout(300);
  assert.deepEqual(await said(page), [], 'a saved game is not announced when the page opens');
  assertNoErrors(page);
});

test('/local says check and checkmate with the winner', async () => {
  // Black's general d9 alone; the chariot i1 to d1 checks it along the open d file (e9 is
  // free: Red's general stands on f0).
  const check = await open(`/local?fen=${encodeURIComponent('3k5/9/9/9/9/9/9/9/8R/5K3 w - - 0 1')}`);
  await playByClicks(check, 'i1d1', '#board');
  await waitForSaid(check, 'Red chariot i1 to d1, check');
  assertNoErrors(check);
  await check.context().close();

  // The chariot a8 holds rank 8; i0 to i9 mates the general on e9.
  const mate = await open(`/local?fen=${encodeURIComponent('4k4/R8/9/9/9/9/9/9/9/3K4R w - - 0 1')}`);
  await playByClicks(mate, 'i0i9', '#board');
  assert.deepEqual(await waitForSaid(mate, 'Red chariot i0 to i9. Checkmate. Red wins.'), ['Red chariot i0 to i9. Checkmate. Red wins.']);
  assertNoErrors(mate);
});

test('/computer says the player\'s move and the computer\'s reply', async () => {
  const page = await open('/computer');
  await page.selectOption('#level', '1');
  await page.selectOption('#color', 'red');
  await page.click('#start');
  await page.locator('#game-side').waitFor();
  await playByClicks(page, 'h2e2', '#board');
  await page.waitForFunction(() => document.querySelectorAll('#xq-live > *').length >= 2, null, { timeout: 30000 });
  const lines = await said(page);
  assert.equal(lines[0], 'Red cannon h2 to e2');
  // The reply is the engine's: whatever it is, it is a Black piece's move in words.
  assert.match(lines[1], /^Black (general|advisor|elephant|horse|chariot|cannon|soldier) [a-i][0-9] (to|takes [a-z]+) [a-i][0-9](, check)?$/);
  const reply = await page.evaluate(() => JSON.parse(localStorage.getItem('xiangqi.computer.game') || 'null').moves[1]);
  assert.ok(lines[1].includes(` ${reply.slice(0, 2)} `) && lines[1].includes(` ${reply.slice(2, 4)}`), `${lines[1]} names ${reply}`);
  assertNoErrors(page);
});

test('/replay says each step, and the mate at the end', async () => {
  const page = await open('/replay?classic=juzhongmi');
  await waitForPiece(page, 'e7', 'C', '#board');
  await page.waitForTimeout(300);
  assert.deepEqual(await said(page), [], 'the position the replay opens on is not announced');
  await page.locator('[data-go="first"]').first().click();
  await waitForSaid(page, 'Start position. Red to move.');
  await page.locator('[data-go="forward"]').first().click();
  await waitForSaid(page, 'Move 1: Red cannon h2 to e2');
  await page.locator('[data-go="forward"]').first().click();
  await waitForSaid(page, 'Move 2: Black cannon h7 to e7');
  await page.keyboard.press('End');
  // 13. 炮八平五: the cannon b7 to e7 doubles the cannons on the central file and mates.
  await waitForSaid(page, 'Move 25: Red cannon b7 to e7. Checkmate. Red wins.');
  assertNoErrors(page);
});

test('the board is a grid of named intersections', async () => {
  const page = await open('/local');
  const grid = page.getByRole('grid', { name: 'Xiangqi board' });
  assert.equal(await grid.count(), 1);
  assert.equal(await grid.getByRole('row').count(), 10);
  assert.equal(await grid.getByRole('gridcell').count(), 90);
  const snapshot = await grid.ariaSnapshot();
  // The first row is the top rank as seen (Black's back rank), read from the left.
  const rows = snapshot.split('\n').filter((l) => l.trim().startsWith('- row'));
  assert.equal(rows.length, 10, snapshot);
  const cells = snapshot.split('\n').filter((l) => l.includes('gridcell')).map((l) => l.trim());
  assert.equal(cells[0], '- gridcell "a9, Black chariot"');
  assert.equal(cells[4], '- gridcell "e9, Black general"');
  assert.equal(cells[9 * 4 + 4], '- gridcell "e5, empty"');
  assert.equal(cells[9 * 7 + 7], '- gridcell "h2, Red cannon"');
  assert.equal(cells[9 * 9 + 4], '- gridcell "e0, Red general"');
  assert.equal(cells.length, 90);

  // Selecting the cannon names it selected and its destinations; the keyboard moves focus.
  await page.locator('#board [data-square="h2"]').click();
  assert.equal(await page.getByRole('gridcell', { name: 'h2, Red cannon, selected' }).getAttribute('aria-selected'), 'true');
  assert.equal(await page.getByRole('gridcell', { name: 'e2, empty, legal move' }).count(), 1);
  assert.equal(await page.getByRole('gridcell', { name: 'h9, Black horse, capture' }).count(), 1);
  await page.keyboard.press('ArrowLeft');
  assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('data-square')), 'g2');

  // Turned to Black, the grid reads from Red's back rank, i first, and keeps the focus.
  await page.click('#flip');
  await page.locator('#board [data-square="g2"]').focus();
  const turned = (await grid.ariaSnapshot()).split('\n').filter((l) => l.includes('gridcell')).map((l) => l.trim());
  assert.equal(turned[0], '- gridcell "i0, Red chariot"');
  assert.equal(turned[89], '- gridcell "a9, Black chariot"');
  assertNoErrors(page);
});

/**
 * Runs axe-core on the page and returns its serious and critical violations, each as
 * "impact rule: target, …".
 */
async function axeProblems(page) {
  await page.evaluate(`${AXE};0`);
  const r = await page.evaluate(() => window.axe.run(document, { resultTypes: ['violations'] }));
  assert.ok(r.passes.length > 20, `axe ran its rules on ${page.url()}`);
  return r.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test('axe finds no serious or critical violation on any page, light and dark', async () => {
  const room = await api(env.base, 'POST', '/api/rooms', {});
  assert.equal(room.status, 201, room.text);
  const puzzle = await api(env.base, 'POST', '/api/puzzles', {
    fen: '4k4/R8/9/9/9/9/9/9/9/3K4R w - - 0 1', title: 'Mate in one', solution: ['i0i9'],
  });
  assert.equal(puzzle.status, 201, puzzle.text);
  const pages = ['/', '/local', '/computer', '/lobby', '/rules', '/replay', '/analysis', '/puzzles/new',
    `/puzzles/${puzzle.json.id}`, '/puzzles', '/puzzles/library/1', `/play/${room.json.code}`, '/account', '/no-such-page'];
  /** @type {string[]} */
  const problems = [];
  // Light and dark side by side: each page's load and network wait overlap the other's.
  await Promise.all(['light', 'dark'].map(async (colorScheme) => {
    const ctx = await env.browser.newContext({ colorScheme, viewport: { width: 1100, height: 900 } });
    for (const path of pages) {
      const page = await newPage(ctx);
      if (path === '/no-such-page') page.allowStatus(404);
      await page.goto(env.base + path);
      await page.waitForLoadState('networkidle');
      if (path === '/local') {
        // A selected piece shows its destinations.
        await boardReady(page, '#board');
        await page.locator('#board [data-square="h2"].movable').click();
      }
      for (const p of await axeProblems(page)) problems.push(`${colorScheme} ${path}: ${p}`);
      assertNoErrors(page);
      await page.close();
    }
    await ctx.close();
  }));
  assert.deepEqual(problems.sort(), []);
});
