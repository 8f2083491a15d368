// @ts-check
/**
 * The puzzle trainer (/puzzles/library/{n}): puzzle n of the built-in library on the board.
 * Each move of the solver is checked against the puzzle's solution tree (any accepted move
 * counts: every move that keeps the forced win); a wrong one is taken back with "Try again",
 * a right one gets "Correct" and the defence's reply is played. A hint shows the piece to
 * move, then the move. Progress (solved, attempts) is kept in this browser. The rules come
 * from the WebAssembly module, so the trainer works offline once loaded.
 */
import { Board } from './board.js';
import { settingsPanel } from './board-settings.js';
import { lookup, t } from './i18n.js';
import { getNotation } from './notation.js';
import { localPosition } from './xiangqi-wasm.js';
import { dailyNumber, loadLibrary, progressOf, recordAttempt, themeName, trainerUrl } from './puzzle-library.js';

/** Milliseconds a wrong move stays on the board before it is taken back. */
const TAKE_BACK_MS = 700;
/** Milliseconds before the defence replies. */
const REPLY_MS = 450;

/** @template {HTMLElement} T @param {string} id @returns {T} */
function byId(id) {
  const el = document.getElementById(id);
  if (!el) throw new Error(`missing #${id}`);
  return /** @type {T} */ (el);
}

const statusEl = byId('trainer-status');
const hintBtn = /** @type {HTMLButtonElement} */ (byId('hint'));
const board = new Board(byId('trainer-board'), { label: t('trainer.board'), onMove: (m) => { void play(m); } });

const segment = location.pathname.split('/').filter(Boolean).pop() || '';
/** `daily`: the day's puzzle, chosen by the date. */
const daily = segment === 'daily';

/** @type {import('./puzzle-library.js').LibraryPuzzle|null} */
let puzzle = null;
/** Moves played from the puzzle's position (ICCS). */
/** @type {string[]} */
let moves = [];
/** The accepted moves at the solver's turn; empty when solved. */
/** @type {import('./puzzle-library.js').Branch[]} */
let node = [];
/** 0: no hint yet at this turn, 1: the piece shown, 2: the move shown. */
let hintLevel = 0;
/** Whether the board waits for the solver (not during a reply or a take-back). */
let waiting = false;
/** Counts the starts of the puzzle: a reply or take-back from before "Start again" is dropped. */
let epoch = 0;

/**
 * Shows the position after `moves`, with the solver's legal moves when it is their turn.
 * @param {boolean} solverTurn
 */
async function show(solverTurn) {
  if (!puzzle) return;
  const info = await localPosition(puzzle.fen, moves);
  board.setPosition({
    fen: info.fen,
    legal: solverTurn ? info.legal : [],
    lastMove: moves.length ? moves[moves.length - 1] : null,
    check: info.check,
  });
  waiting = solverTurn;
  hintBtn.disabled = !solverTurn;
}

/**
 * The puzzle's goal in the page's language: `mate in 2` (its own text up to five moves, so
 * each language can write the number its own way, in words in Chinese), or `win material`.
 * @param {import('./puzzle-library.js').LibraryPuzzle} p
 * @returns {string}
 */
function goal(p) {
  if (p.kind !== 'mate') return t('trainer.goals.material');
  const own = lookup(`trainer.goals.mate-${p.moves}`);
  return typeof own === 'string' ? own : t('trainer.goals.mate', { n: p.moves });
}

/** @param {string} text @param {'ok'|'error'|''} kind */
function say(text, kind) {
  statusEl.textContent = text;
  statusEl.className = kind ? `s-trainer-status s-${kind}` : 's-trainer-status';
}

function showProgress() {
  if (!puzzle) return;
  const p = progressOf(puzzle.fen);
  const attempts = p.attempts === 1 ? t('trainer.attempts-1') : t('trainer.attempts', { n: p.attempts });
  byId('trainer-progress').textContent = p.attempts === 0 && !p.solved
    ? t('trainer.progress-none')
    : t(p.solved ? 'trainer.progress-solved' : 'trainer.progress-unsolved', { attempts });
}

/** @param {number} ms */
function pause(ms) {
  return new Promise((resolve) => { setTimeout(resolve, ms); });
}

/**
 * The solver picked `move`: check it against the tree.
 * @param {string} move
 */
async function play(move) {
  if (!puzzle || !waiting) return;
  waiting = false;
  const started = epoch;
  const branch = node.find((b) => b.move === move);
  if (!branch) {
    recordAttempt(puzzle.fen, false);
    showProgress();
    say(t('trainer.try-again'), 'error');
    moves.push(move);
    await show(false);
    await pause(TAKE_BACK_MS);
    if (started !== epoch) return;
    moves.pop();
    await show(true);
    return;
  }
  moves.push(move);
  hintLevel = 0;
  if (!branch.reply || branch.next.length === 0) {
    node = [];
    recordAttempt(puzzle.fen, true);
    showProgress();
    say(t('trainer.solved'), 'ok');
    await show(false);
    if (branch.reply) {
      // The defence's reply after the winning move, to show the material won.
      await pause(REPLY_MS);
      if (started !== epoch) return;
      moves.push(branch.reply);
      await show(false);
    }
    return;
  }
  say(t('trainer.correct'), 'ok');
  await show(false);
  await pause(REPLY_MS);
  if (started !== epoch) return;
  moves.push(branch.reply);
  node = branch.next;
  await show(true);
  say(t('trainer.correct-your-move'), 'ok');
}

/** Shows the piece to move, then (pressed again) the move itself, in WXF and ICCS. */
async function hint() {
  if (!puzzle || !waiting || node.length === 0) return;
  const move = node[0].move;
  hintLevel = Math.min(hintLevel + 1, 2);
  board.select(move.slice(0, 2));
  if (hintLevel === 1) {
    say(t('trainer.hint-piece'), '');
    return;
  }
  let name = move;
  try {
    const info = await localPosition(puzzle.fen, [...moves, move]);
    const notation = getNotation();
    const named = notation === 'chinese' ? info.chinese : notation === 'wxf' ? info.wxf : [];
    const last = named[named.length - 1];
    if (last) name = `${last} (${move})`;
  } catch {
    // the coordinates alone
  }
  say(t('trainer.hint-move', { move: name }), '');
}

async function restart() {
  if (!puzzle) return;
  epoch += 1;
  moves = [];
  node = puzzle.tree;
  hintLevel = 0;
  say('', '');
  await show(true);
}

async function load() {
  try {
    const lib = await loadLibrary();
    const number = daily ? dailyNumber(lib.puzzles.length) : /^\d+$/.test(segment) ? Number(segment) : NaN;
    const p = Number.isInteger(number) ? lib.puzzles[number - 1] : undefined;
    if (!p) {
      byId('trainer-error').textContent = t('trainer.no-puzzle', { what: segment });
      hintBtn.disabled = true;
      return;
    }
    puzzle = p;
    document.title = t('trainer.page-title', { n: number });
    byId('trainer-title').textContent = daily ? t('trainer.daily-title', { n: number }) : t('puzzles.item', { n: number });
    byId('trainer-themes').textContent = [...p.themes.map(themeName), t('trainer.difficulty', { d: p.difficulty })].join(' · ');
    const black = p.fen.split(' ')[1] === 'b';
    const side = t(black ? 'ruling.sides.black' : 'ruling.sides.red');
    byId('trainer-task').textContent = t('trainer.task', { side, goal: goal(p) });
    if (black) board.setOrientation('black');
    /** @type {HTMLAnchorElement} */ (byId('next')).href = trainerUrl((number % lib.puzzles.length) + 1);
    showProgress();
    await restart();
  } catch (err) {
    byId('trainer-error').textContent = t('puzzle.load-failed', { why: err instanceof Error ? err.message : String(err) });
  }
}

hintBtn.addEventListener('click', () => { void hint(); });
byId('restart').addEventListener('click', () => { void restart(); });

void load();
settingsPanel(byId('settings'));
