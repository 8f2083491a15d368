// Against the computer (/computer), played in the page: the engine (WebAssembly in a Web
// Worker) replies at Beginner, a reload resumes the game, the engine moves first for a
// player who picks Black, resign (a click on the finished board says why nothing moves), take
// back (also while the engine thinks), a game from `?fen=` to mate with the Analyse link, a
// game on a clock (Fischer increments, the engine's time, a flag fall that loses), and a game
// that goes on with the server stopped.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  setUp, startServer, newPage, assertNoErrors, screenshot, boardReady, playByClicks, pieceAt,
  waitForPiece, START_FEN,
} from './lib/harness.mjs';

let env;
before(async () => { env = await setUp(); });
after(async () => { await env?.done(); });

const STORE = 'xiangqi.computer.game';

/**
 * A fresh page on /computer (in its own context: nothing saved) that records every request
 * it makes to the server's API or WebSocket in `page.serverCalls`.
 */
async function openComputer(base, query = '') {
  const page = await newPage(env.browser);
  page.serverCalls = [];
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (path.startsWith('/api/') || path.startsWith('/ws/')) page.serverCalls.push(`${r.method()} ${path}`);
  });
  await page.goto(`${base}/computer${query}`);
  await page.locator('#setup').waitFor();
  await boardReady(page, '#board');
  return page;
}

/** Starts a game from the setup form. */
async function start(page, level, color) {
  await page.selectOption('#level', String(level));
  await page.selectOption('#color', color);
  await page.click('#start');
  await page.locator('#game-side').waitFor();
}

/** The game kept in localStorage. */
const stored = (page) => page.evaluate((key) => JSON.parse(localStorage.getItem(key) || 'null'), STORE);

/** Waits until the stored game has `plies` moves and the board shows the last one. */
async function waitForPlies(page, plies, timeout = 20000) {
  await page.waitForFunction(([key, n]) => {
    const g = JSON.parse(localStorage.getItem(key) || 'null');
    if (!g || g.moves.length !== n) return false;
    const last = g.moves[n - 1];
    return !last || !!document.querySelector(`#board [data-square="${last.slice(2, 4)}"].last [data-piece]`);
  }, [STORE, plies], { timeout });
  return stored(page);
}

/**
 * Plays the first legal move the board offers (the player's pieces are `.movable`) and waits
 * until the stored game records it. Not until the piece stands on its point: a Beginner's
 * reply may capture it before a poll of the board sees it there.
 */
async function playAnyMove(page) {
  const point = page.locator('#board [data-square].movable').first();
  await point.waitFor();
  const plies = (await stored(page))?.moves.length ?? 0;
  const from = await point.getAttribute('data-square');
  await point.click();
  const dest = page.locator('#board [data-dest]').first();
  await dest.waitFor({ state: 'attached' });
  const to = await dest.getAttribute('data-dest');
  await page.click(`#board [data-square="${to}"]`);
  await page.waitForFunction(([key, n, move]) => {
    const g = JSON.parse(localStorage.getItem(key) || 'null');
    return g?.moves[n] === move;
  }, [STORE, plies, from + to]);
  return from + to;
}

/** The side of the pieces the player may move now. */
const movableSides = (page) => page.evaluate(() => [...new Set([...document.querySelectorAll('#board [data-square].movable [data-piece]')]
  .map((p) => (/[A-Z]/.test(p.getAttribute('data-piece') || '') ? 'red' : 'black')))]);

test('computer at Beginner replies to a move, and a reload resumes the game', async () => {
  const page = await openComputer(env.base);
  await start(page, 1, 'red');
  await playByClicks(page, 'h2e2', '#board');
  const g = await waitForPlies(page, 2);
  assert.equal(g.moves[0], 'h2e2');
  assert.equal(g.level, 1);
  assert.equal(g.color, 'red');
  assert.equal(g.resigned, false);
  assert.ok(Number.isSafeInteger(g.seed), `seed ${g.seed}`);
  // The engine's reply is a black piece's move, and Red may move again.
  const reply = g.moves[1];
  assert.match(await pieceAt(page, reply.slice(2, 4), '#board'), /^[a-z]$/);
  assert.deepEqual(await movableSides(page), ['red']);
  assert.equal(await page.locator('#player-bottom .name').textContent(), 'Red — you');
  assert.equal(await page.locator('#player-top .name').textContent(), 'Black — computer, level 1 (Beginner)');
  assert.equal(await page.locator('#status .text').textContent(), 'Your move');

  await page.reload();
  await boardReady(page, '#board');
  await waitForPiece(page, 'e2', 'C', '#board');
  assert.match(await pieceAt(page, reply.slice(2, 4), '#board'), /^[a-z]$/);
  assert.equal(await pieceAt(page, reply.slice(0, 2), '#board'), null);
  assert.equal(await page.locator('#setup').isHidden(), true);
  // The game goes on after the reload: a move and another reply.
  const mine = await playAnyMove(page);
  const after = await waitForPlies(page, 4);
  assert.deepEqual(after.moves.slice(0, 3), ['h2e2', reply, mine]);
  assert.equal(after.seed, g.seed);
  // Nothing was asked of the server's API or WebSocket.
  assert.deepEqual(page.serverCalls, []);
  await screenshot(page, 'computer');
  assertNoErrors(page);
});

test('computer: a reload while the engine thinks lets it move after the reload', async () => {
  const page = await openComputer(env.base);
  await start(page, 5, 'red');
  await playByClicks(page, 'h2e2', '#board');
  await page.locator('#player-top .thinking').waitFor();
  await page.reload();
  await boardReady(page, '#board');
  // Hardest thinks about 2 s: the reply comes from the search started after the reload.
  const g = await waitForPlies(page, 2);
  assert.equal(g.moves[0], 'h2e2');
  assert.deepEqual(await movableSides(page), ['red']);
  assertNoErrors(page);
});

test('computer: the engine moves first when the player picks Black', async () => {
  const page = await openComputer(env.base);
  await start(page, 1, 'black');
  const g = await waitForPlies(page, 1);
  assert.equal(g.color, 'black');
  assert.match(await pieceAt(page, g.moves[0].slice(2, 4), '#board'), /^[A-Z]$/);
  await page.locator('#board [data-square].movable').first().waitFor();
  assert.deepEqual(await movableSides(page), ['black']);
  // The board is turned to the player's side: Black at the bottom.
  assert.equal(await page.locator('#player-bottom .name').textContent(), 'Black — you');
  assert.equal(await page.locator('#player-top .name').textContent(), 'Red — computer, level 1 (Beginner)');
  const box = (sq) => page.locator(`#board [data-square="${sq}"]`).boundingBox();
  assert.ok((await box('e9')).y > (await box('e0')).y, 'rank 9 is drawn below rank 0');
  await playAnyMove(page);
  await waitForPlies(page, 3);
  assertNoErrors(page);
});

test('computer: a level and a random colour are kept with the game', async () => {
  const page = await openComputer(env.base);
  await start(page, 2, 'random');
  await page.waitForFunction((key) => !!localStorage.getItem(key), STORE);
  const g = await stored(page);
  assert.equal(g.level, 2);
  assert.ok(g.color === 'red' || g.color === 'black', g.color);
  const Name = (c) => (c === 'red' ? 'Red' : 'Black');
  await page.locator('#player-bottom .name', { hasText: `${Name(g.color)} — you` }).waitFor();
  assert.equal(await page.locator('#player-top .name').textContent(),
    `${Name(g.color === 'red' ? 'black' : 'red')} — computer, level 2 (Easy)`);
  const prefs = await page.evaluate(() => JSON.parse(localStorage.getItem('xiangqi.computer.prefs') || 'null'));
  assert.deepEqual(prefs, { level: 2, color: 'random', clock: '' });
  // Whoever moves first, the game reaches the player's turn.
  const plies = g.color === 'black' ? 1 : 0;
  await waitForPlies(page, plies);
  await page.locator('#board [data-square].movable').first().waitFor();
  assert.deepEqual(await movableSides(page), [g.color]);
  // The next setup offers the same choices again; a new game gets a fresh seed.
  await page.click('#new-game');
  await page.locator('#setup').waitFor();
  assert.equal(await page.inputValue('#level'), '2');
  assert.equal(await page.inputValue('#color'), 'random');
  await page.selectOption('#color', 'red');
  await page.click('#start');
  // The computer's first move makes a game in progress, which Start asks before discarding.
  if (plies > 0) await page.locator('dialog#confirm-dialog button[value=ok]').click();
  await page.waitForFunction(([key, seed]) => {
    const n = JSON.parse(localStorage.getItem(key) || 'null');
    return n && n.color === 'red' && n.seed !== seed && n.moves.length === 0;
  }, [STORE, g.seed]);
  assertNoErrors(page);
});

test('computer: resign ends the game, and Analyse opens it on the analysis board', async () => {
  const page = await openComputer(env.base);
  await start(page, 1, 'red');
  await playByClicks(page, 'h2e2', '#board');
  const g = await waitForPlies(page, 2);
  await page.click('#resign');
  assert.equal(await page.locator('#resign').textContent(), 'Click again to resign');
  assert.equal(await page.locator('#banner').isHidden(), true, 'one click does not resign');
  await page.click('#resign');
  await page.locator('#banner', { hasText: 'Black wins: Red resigned' }).waitFor();
  assert.equal(await page.locator('#status .text').textContent(), 'Black wins: Red resigned.');
  assert.equal(await page.locator('#resign').isHidden(), true);
  assert.equal(await page.locator('#undo').isDisabled(), true);
  assert.equal(await page.locator('#board [data-square].movable').count(), 0);
  // A click on the finished game's board says why nothing moves.
  await page.locator('#board [data-square="e2"]').click();
  await page.locator('#board .note', { hasText: /game is over/i }).waitFor();
  assert.equal((await stored(page)).resigned, true);
  const href = `/analysis?fen=${encodeURIComponent(START_FEN)}&moves=h2e2,${g.moves[1]}`;
  assert.equal(await page.locator('#analyse').getAttribute('href'), href);
  assert.equal(await page.locator('#analyse').isVisible(), true);
  // The result is kept: a reload shows it again.
  await page.reload();
  await page.locator('#banner', { hasText: 'Red resigned' }).waitFor();
  assert.equal(await page.locator('#board [data-square].movable').count(), 0);
  assert.equal(await page.locator('#analyse').getAttribute('href'), href);
  await screenshot(page, 'computer-resigned');
  assertNoErrors(page);
});

test('computer: take back undoes the own move and the reply', async () => {
  const page = await openComputer(env.base);
  await start(page, 1, 'red');
  assert.equal(await page.locator('#undo').isDisabled(), true, 'nothing to take back yet');
  await playByClicks(page, 'h2e2', '#board');
  const g = await waitForPlies(page, 2);
  await page.locator('#undo:not([disabled])').waitFor();
  await page.click('#undo');
  await waitForPlies(page, 0);
  await waitForPiece(page, 'h2', 'C', '#board');
  assert.equal(await pieceAt(page, 'e2', '#board'), null);
  assert.equal(await pieceAt(page, g.moves[1].slice(0, 2), '#board') !== null, true, 'the reply is undone');
  assert.equal(await page.locator('#undo').isDisabled(), true);
  // The game goes on from the start position.
  await playByClicks(page, 'b2e2', '#board');
  const again = await waitForPlies(page, 2);
  assert.equal(again.moves[0], 'b2e2');
  assertNoErrors(page);
});

test('computer: take back while the engine thinks drops its move', async () => {
  const page = await openComputer(env.base);
  await start(page, 5, 'red');
  await playByClicks(page, 'h2e2', '#board');
  await page.locator('#player-top .thinking').waitFor();
  assert.match(await page.locator('#status .text').textContent(), /thinking/);
  // The player cannot move while the engine thinks.
  assert.equal(await page.locator('#board [data-square].movable').count(), 0);
  await page.click('#undo');
  await waitForPlies(page, 0);
  await waitForPiece(page, 'h2', 'C', '#board');
  assert.equal(await page.locator('#player-top .thinking').isHidden(), true);
  // Hardest thinks about 2 s: its answer to h2e2 must not land on the board.
  await page.waitForTimeout(2600);
  assert.deepEqual((await stored(page)).moves, []);
  assert.equal(await page.locator('#status .text').textContent(), 'Your move');
  await page.locator('#board [data-square="h2"].movable').waitFor();
  assertNoErrors(page);
});

test('computer: a game from ?fen= to mate, then Analyse and take back', async () => {
  // Red mates in one: b3e3 (the double cannon).
  const fen = '3aka3/9/9/9/p8/9/1C7/4C4/9/3K5 w - - 0 2';
  const page = await openComputer(env.base, `?fen=${encodeURIComponent(fen)}`);
  assert.match(await page.locator('#setup-fen').textContent(), /starts from the position/);
  assert.equal(await pieceAt(page, 'b3', '#board'), 'C');
  await start(page, 1, 'red');
  assert.equal(new URL(page.url()).search, '', 'the position leaves the address');
  await playByClicks(page, 'b3e3', '#board');
  await page.locator('#banner', { hasText: /checkmate/i }).waitFor();
  assert.equal(await page.locator('#board [data-square].movable').count(), 0);
  const g = await stored(page);
  assert.equal(g.startFen, fen);
  assert.deepEqual(g.moves, ['b3e3']);
  assert.equal(await page.locator('#analyse').getAttribute('href'), `/analysis?fen=${encodeURIComponent(fen)}&moves=b3e3`);
  // A game that ended on the board may be taken back.
  await page.click('#undo');
  await waitForPlies(page, 0);
  assert.equal(await page.locator('#banner').isHidden(), true);
  assert.equal(await page.locator('#analyse').isHidden(), true);
  await waitForPiece(page, 'b3', 'C', '#board');
  assertNoErrors(page);
});

test('computer: a loaded page plays on with the server stopped', async () => {
  const server = await startServer();
  try {
    const page = await openComputer(server.base);
    // The engine's worker and module are loaded with the page.
    await page.locator('html[data-engine="ready"]').waitFor({ state: 'attached' });
    // ... and the service worker controls the page, so the modules it loads later (the sounds'
    // on the first move) come from its cache: it precaches every asset, the language files too.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      if (!navigator.serviceWorker.controller) {
        await new Promise((ok) => navigator.serviceWorker.addEventListener('controllerchange', ok, { once: true }));
      }
    });
    await server.stop({ keepData: true });
    await assert.rejects(fetch(`${server.base}/api/health`), 'the server is stopped');
    await start(page, 1, 'red');
    for (let ply = 0; ply < 8; ply += 2) {
      await playAnyMove(page);
      await waitForPlies(page, ply + 2);
    }
    const g = await stored(page);
    assert.equal(g.moves.length, 8);
    assert.deepEqual(await movableSides(page), ['red']);
    assert.deepEqual(page.serverCalls, []);
    await screenshot(page, 'computer-offline');
    assertNoErrors(page);
  } finally {
    await server.stop();
  }
});

/**
 * Opens /computer in `context` with `game` as the kept game, written from another page of
 * the site first (the rules page, which keeps no game of its own).
 */
async function openKept(context, game) {
  const page = await newPage(context);
  await page.goto(`${env.base}/rules`);
  await page.evaluate(([key, g]) => localStorage.setItem(key, JSON.stringify(g)), [STORE, game]);
  await page.goto(`${env.base}/computer`);
  await boardReady(page, '#board');
  return page;
}

test('computer: a game on a clock counts both sides down, adds the increment, and a flag fall loses', async () => {
  let page = await openComputer(env.base);
  const choices = await page.locator('#clock option').allTextContents();
  assert.deepEqual(choices, ['Untimed', '1 min', '3 min + 2 s', '5 min + 3 s', '10 min + 5 s', '15 min + 10 s', '30 min']);
  await page.selectOption('#clock', '3+2');
  await start(page, 1, 'red');
  const g = await stored(page);
  // Red's clock runs from the start, so by the time the saved game is read on a busy machine
  // it may already have been saved a second or so down; Black's waits.
  const { redMs, ...rest } = g.clock;
  assert.deepEqual(rest, { initialMs: 180000, incrementMs: 2000, blackMs: 180000 });
  assert.ok(redMs <= 180000 && redMs > 170000, `Red ${redMs}`);
  assert.equal(g.flagged, null);
  // The player's clock runs from the start; the engine's waits.
  await page.locator('#player-bottom .clock.running').waitFor();
  assert.equal(await page.locator('#player-top .clock').textContent(), '3:00');
  await page.waitForFunction(() => document.querySelector('#player-bottom .clock')?.textContent === '2:59');
  await playByClicks(page, 'h2e2', '#board');
  const after = await waitForPlies(page, 2);
  // Each side's move cost it the time it took, and gained it 2 s.
  assert.ok(after.clock.redMs > 180000 && after.clock.redMs < 182000, `Red ${after.clock.redMs}`);
  assert.ok(after.clock.blackMs > 180000 && after.clock.blackMs <= 182000, `Black ${after.clock.blackMs}`);
  const prefs = await page.evaluate(() => JSON.parse(localStorage.getItem('xiangqi.computer.prefs') || 'null'));
  assert.equal(prefs.clock, '3+2');
  assert.equal(await page.locator('#undo').isDisabled(), true, 'no take back on a clock');
  // The time spent on a move is kept: a reload does not give it back.
  await page.waitForFunction(([key, ms]) => JSON.parse(localStorage.getItem(key) || 'null')?.clock.redMs <= ms,
    [STORE, after.clock.redMs - 2000]);
  await page.reload();
  await page.locator('#player-bottom .clock.running').waitFor();
  const kept = await stored(page);
  assert.ok(kept.clock.redMs <= after.clock.redMs - 2000, `Red ${kept.clock.redMs} after ${after.clock.redMs}`);

  // A game whose player has 1.5 s left: once opened, the clock runs out and Red loses. (A
  // page showing the game keeps its own clock when it goes away, so each kept game below is
  // written from another page and then opened.)
  const context = page.context();
  await page.close();
  page = await openKept(context, { ...kept, clock: { ...kept.clock, redMs: 1500 } });
  await page.locator('#banner', { hasText: 'Black wins' }).waitFor({ timeout: 10000 });
  const flagged = await stored(page);
  assert.equal(flagged.flagged, 'red');
  assert.equal(flagged.clock.redMs, 0);
  assert.equal(await page.locator('#player-bottom .clock').textContent(), '0:00.0');
  assert.equal(await page.locator('#board [data-square].movable').count(), 0);
  assert.equal(await page.locator('#undo').isDisabled(), true, 'no take back after a flag fall');
  const status = await page.locator('#status .text').textContent();
  await screenshot(page, 'computer-flag-fall');
  // A flag fall the clock does not show (time left) is not one.
  await page.close();
  page = await openKept(context, { ...kept, flagged: 'red' });
  await page.locator('#board [data-square].movable').first().waitFor();
  assert.equal(await page.locator('#banner').isHidden(), true);
  // A stored clock that is not one (a hand-edited value) reads as an untimed game.
  await page.close();
  page = await openKept(context, { ...kept, flagged: null, clock: { initialMs: -5, redMs: 'x' } });
  await page.locator('#board [data-square].movable').first().waitFor();
  assert.equal(await page.locator('#player-bottom .clock').isHidden(), true);
  assert.ok(status && /time/i.test(status), status ?? '');
  assertNoErrors(page);
});
