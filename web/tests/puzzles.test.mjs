// Puzzle editor (/puzzles/new), puzzle page (/puzzles/{id}, a saved solution solved there),
// the puzzle list (/puzzles), the trainer (/puzzles/library/{n}) and the daily puzzle on the
// home page.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { rmSync } from 'node:fs';
import {
  setUp, startServer, launchBrowser, newPage, assertNoErrors, screenshot, screenshotOf, boardReady, clickSquare, pieceAt,
  playByClicks, waitForPiece, api,
} from './lib/harness.mjs';

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

// The puzzle trainer on the built-in library (web/puzzles/library.json, `xiangqi puzzles`).
// Puzzle 49: 5Rb2/4k4/5N3/2p5p/9/p1P1C4/8P/9/9/3K5 w. The horse checks from d6 (its leg d7
// is empty); the tree's defence steps the general to e7, and the chariot on f7 mates: e8 is
// the horse's, d7 the chariot's along rank 7 (and e6 is outside the palace), and the chariot
// itself is guarded by the horse on d6 (leg e6). The horse's move is H4-6 in WXF (file 4
// from Red's right, retreating to file 6).
const MATE_IN_TWO = 49;

test('trainer: a wrong move is taken back, the right ones solve it, progress is kept', async () => {
  const page = await newPage(env.browser);
  await page.goto(`${env.base}/puzzles/library/${MATE_IN_TWO}`);
  await boardReady(page, '#trainer-board');
  await page.locator('#trainer-title', { hasText: `Puzzle ${MATE_IN_TWO}` }).waitFor();
  await page.locator('#trainer-task', { hasText: 'Red to move: mate in 2.' }).waitFor();
  assert.match(await page.locator('#trainer-themes').textContent(), /mate in 2 · check · chariot mate · difficulty \d of 5/);
  await page.locator('#trainer-progress', { hasText: 'Not tried yet.' }).waitFor();
  assert.equal(await pieceAt(page, 'f7', '#trainer-board'), 'N');

  // A wrong move: the soldier steps forward; it is taken back.
  await playByClicks(page, 'c4c5', '#trainer-board');
  await page.locator('#trainer-status', { hasText: 'Try again' }).waitFor();
  await screenshot(page, 'trainer-try-again');
  await waitForPiece(page, 'c4', 'P', '#trainer-board');
  assert.equal(await pieceAt(page, 'c5', '#trainer-board'), null);
  await page.locator('#trainer-progress', { hasText: 'Not solved yet · 1 attempt' }).waitFor();

  // The right first move; the defence replies by itself.
  await playByClicks(page, 'f7d6', '#trainer-board');
  await page.locator('#trainer-status', { hasText: 'Correct' }).waitFor();
  await waitForPiece(page, 'e7', 'k', '#trainer-board');
  await page.locator('#trainer-status', { hasText: 'Correct! Your move again.' }).waitFor();
  await playByClicks(page, 'f9f7', '#trainer-board');
  await page.locator('#trainer-status', { hasText: 'puzzle solved' }).waitFor();
  await page.locator('#trainer-progress', { hasText: 'Solved · 2 attempts' }).waitFor();
  assert.equal(await page.locator('#hint').isDisabled(), true);
  await screenshot(page, 'trainer-solved');

  // Kept after a reload, and marked in the list.
  await page.reload();
  await boardReady(page, '#trainer-board');
  await page.locator('#trainer-progress', { hasText: 'Solved · 2 attempts' }).waitFor();
  assert.equal(await page.getAttribute('#next', 'href'), `/puzzles/library/${MATE_IN_TWO + 1}`);
  await page.goto(`${env.base}/puzzles`);
  await page.locator(`#library li.solved a[href="/puzzles/library/${MATE_IN_TWO}"]`).waitFor();
  await page.locator('#library-count', { hasText: '200 of 200 puzzles shown · 1 solved' }).waitFor();
  // Filters: mate in 2 at its difficulty still lists it; material hides it.
  await page.selectOption('#theme', 'mate in 2');
  await page.locator(`#library a[href="/puzzles/library/${MATE_IN_TWO}"]`).waitFor();
  const shown = await page.locator('#library li').count();
  assert.ok(shown > 1 && shown < 200, `${shown} mates in 2`);
  await screenshot(page, 'puzzles-list');
  await page.selectOption('#theme', 'material');
  await page.locator(`#library a[href="/puzzles/library/${MATE_IN_TWO}"]`).waitFor({ state: 'detached' });
  assert.match(page.url(), /\?theme=material$/);
  assertNoErrors(page);
});

test('a shared puzzle saved with a solution is solved on its page', async () => {
  // The library's mate in two, saved as a composer would, with its line as the solution.
  const library = JSON.parse(await readFile(new URL('../puzzles/library.json', import.meta.url), 'utf8'));
  const p = library.puzzles[MATE_IN_TWO - 1];
  assert.deepEqual(p.line, ['f7d6', 'e8e7', 'f9f7']);
  const saved = await api(env.base, 'POST', '/api/puzzles', { fen: p.fen, title: 'Shared mate in two', solution: p.line });
  assert.equal(saved.status, 201);
  const page = await newPage(env.browser);
  await page.goto(`${env.base}/puzzles/${saved.json.id}`);
  await boardReady(page, '#puzzle-board');
  await page.locator('#solve-here').waitFor();
  // A wrong move is shown and taken back.
  await playByClicks(page, 'c4c5', '#puzzle-board');
  await page.locator('#puzzle-status', { hasText: 'Try again' }).waitFor();
  await waitForPiece(page, 'c4', 'P', '#puzzle-board');
  // The hint selects the horse, then names the move; the selected horse then plays it.
  await page.click('#hint');
  await page.locator('#puzzle-board [data-square="f7"].selected').waitFor();
  await page.click('#hint');
  await page.locator('#puzzle-status', { hasText: /\(f7d6\)/ }).waitFor();
  await playByClicks(page, 'f7d6', '#puzzle-board');
  await page.locator('#puzzle-status', { hasText: 'Correct' }).waitFor();
  // The defence replies by itself.
  await waitForPiece(page, 'e7', 'k', '#puzzle-board');
  await page.locator('#puzzle-status', { hasText: 'Correct! Your move again.' }).waitFor();
  await playByClicks(page, 'f9f7', '#puzzle-board');
  await page.locator('#puzzle-status', { hasText: 'puzzle solved' }).waitFor();
  assert.equal(await page.locator('#hint').isDisabled(), true);
  await screenshot(page, 'puzzle-solved');
  // Start again puts the position back.
  await page.click('#restart');
  await waitForPiece(page, 'f7', 'N', '#puzzle-board');
  assert.equal(await page.locator('#hint').isDisabled(), false);
  assertNoErrors(page);
});

test('trainer: the hint shows the piece, then the move', async () => {
  const page = await newPage(env.browser);
  await page.goto(`${env.base}/puzzles/library/${MATE_IN_TWO}`);
  await boardReady(page, '#trainer-board');
  await page.locator('#trainer-board [data-square="f7"].movable').waitFor();
  await page.click('#hint');
  await page.locator('#trainer-status', { hasText: 'Hint: move the highlighted piece.' }).waitFor();
  await page.locator('#trainer-board [data-square="f7"].selected').waitFor();
  await page.click('#hint');
  await page.locator('#trainer-status', { hasText: 'Hint: play H4-6 (f7d6).' }).waitFor();
  await screenshot(page, 'trainer-hint');
  // Clicking the piece the hint chose keeps it chosen (it used to cancel the hint, so the
  // next click did nothing); the destination then plays the move.
  await clickSquare(page, 'f7', '#trainer-board');
  assert.equal(await page.locator('#trainer-board [data-square="f7"].selected').count(), 1, 'still selected');
  await clickSquare(page, 'd6', '#trainer-board');
  await page.locator('#trainer-status', { hasText: 'Correct!' }).waitFor();
  assertNoErrors(page);

  // On a phone: no horizontal scrolling.
  const phone = await newPage(env.browser, { width: 390, height: 844 });
  await phone.goto(`${env.base}/puzzles/library/${MATE_IN_TWO}`);
  await boardReady(phone, '#trainer-board');
  await phone.locator('#trainer-task', { hasText: 'mate in 2' }).waitFor();
  const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `no horizontal scrolling on a phone (overflow ${overflow}px)`);
  await screenshot(phone, 'trainer-phone');
  assertNoErrors(phone);
});

test('trainer: start again puts the puzzle back', async () => {
  const page = await newPage(env.browser);
  await page.goto(`${env.base}/puzzles/library/${MATE_IN_TWO}`);
  await boardReady(page, '#trainer-board');
  await playByClicks(page, 'f7d6', '#trainer-board');
  await waitForPiece(page, 'e7', 'k', '#trainer-board');
  await page.click('#restart');
  await waitForPiece(page, 'f7', 'N', '#trainer-board');
  await waitForPiece(page, 'e8', 'k', '#trainer-board');
  assert.equal(await pieceAt(page, 'd6', '#trainer-board'), null);
  assert.equal(await page.locator('#trainer-status').textContent(), '');
  // Start again right after a right move, before the reply: the old reply is dropped, and
  // the puzzle is solved from the start.
  await playByClicks(page, 'f7d6', '#trainer-board');
  await page.click('#restart');
  await waitForPiece(page, 'f7', 'N', '#trainer-board');
  await playByClicks(page, 'f7d6', '#trainer-board');
  await waitForPiece(page, 'e7', 'k', '#trainer-board');
  await playByClicks(page, 'f9f7', '#trainer-board');
  await page.locator('#trainer-status', { hasText: 'puzzle solved' }).waitFor();
  assertNoErrors(page);
});

test('an unknown library puzzle says so', async () => {
  const page = await newPage(env.browser);
  await page.goto(`${env.base}/puzzles/library/9999`);
  await page.locator('#trainer-error', { hasText: 'no library puzzle "9999"' }).waitFor();
  assertNoErrors(page);
});

test('the daily puzzle is linked from the home page', async () => {
  const library = JSON.parse(await readFile(new URL('../puzzles/library.json', import.meta.url), 'utf8'));
  const page = await newPage(env.browser);
  await page.goto(`${env.base}/`);
  await screenshotOf(page.locator('#daily-puzzle'), 'home-daily-puzzle');
  await page.click('#daily-puzzle h3 a');
  await page.waitForURL(/\/puzzles\/library\/daily$/);
  await boardReady(page, '#trainer-board');
  const title = await page.locator('#trainer-title', { hasText: "Today's puzzle: number" }).textContent();
  const n = Number(/number (\d+)/.exec(title)[1]);
  // The days since 1970-01-01 (UTC), times 97, modulo the library's size, from 1.
  assert.equal(n, ((Math.floor(Date.now() / 86400000) * 97) % library.puzzles.length) + 1);
  const fen = library.puzzles[n - 1].fen;
  const pieces = await page.evaluate(() => [...document.querySelectorAll('#trainer-board [data-square]')]
    .map((p) => [p.getAttribute('data-square'), p.querySelector('[data-piece]')?.getAttribute('data-piece')])
    .filter(([, piece]) => piece));
  const expected = [];
  fen.split(' ')[0].split('/').forEach((row, i) => {
    let file = 0;
    for (const ch of row) {
      if (/\d/.test(ch)) file += Number(ch);
      else expected.push([`${'abcdefghi'[file++]}${9 - i}`, ch]);
    }
  });
  assert.deepEqual(pieces.sort(), expected.sort());
  assertNoErrors(page);
});

test('a puzzle the editor marks public is listed on /puzzles', async () => {
  const page = await newPage(env.browser);
  await page.goto(`${env.base}/puzzles/new`);
  await boardReady(page, '#editor-board');
  await page.locator('#valid-ok', { hasText: 'Legal position' }).waitFor();
  await page.fill('#title', 'A public opening');
  await page.check('#public');
  await page.click('#save');
  await page.locator('#share').waitFor();
  const id = (await page.inputValue('#share-url')).split('/').pop();
  const stored = await api(env.base, 'GET', `/api/puzzles/${id}`);
  assert.equal(stored.json.public, true);
  await page.goto(`${env.base}/puzzles`);
  await page.locator(`#public a[href="/puzzles/${id}"]`, { hasText: 'A public opening' }).waitFor();
  await screenshot(page, 'puzzles-public');
  assertNoErrors(page);
});

test('after one visit the list and the trainer work with the server stopped', async () => {
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const page = await newPage(browser);
    await page.goto(`${server.base}/puzzles`);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      if (!navigator.serviceWorker.controller) {
        await new Promise((ok) => navigator.serviceWorker.addEventListener('controllerchange', ok, { once: true }));
      }
    });
    await server.stop({ keepData: true });
    // A library puzzle never opened before: the trainer's shell and the cached library.
    await page.goto(`${server.base}/puzzles/library/${MATE_IN_TWO}`);
    await boardReady(page, '#trainer-board');
    await playByClicks(page, 'f7d6', '#trainer-board');
    await waitForPiece(page, 'e7', 'k', '#trainer-board');
    await playByClicks(page, 'f9f7', '#trainer-board');
    await page.locator('#trainer-status', { hasText: 'puzzle solved' }).waitFor();
    const res = await page.goto(`${server.base}/puzzles`);
    assert.ok(res && res.ok(), '/puzzles offline');
    await page.locator(`#library li.solved a[href="/puzzles/library/${MATE_IN_TWO}"]`).waitFor();
    await page.locator('#public-error', { hasText: 'cannot be reached' }).waitFor();
    // The refused requests while the server is down are expected console errors.
    page.errors.splice(0, page.errors.length,
      ...page.errors.filter((e) => !/ERR_CONNECTION_REFUSED|Failed to fetch|Failed to load resource/.test(e)));
    assertNoErrors(page);
  } finally {
    await browser.close();
    rmSync(server.dataDir, { recursive: true, force: true });
  }
});
