// @ts-check
/**
 * The puzzle trainer (/puzzles/library/{n}): puzzle n of the built-in library on the board.
 * Each move of the solver is checked against the puzzle's solution tree (any accepted move
 * counts: every move that keeps the forced win); a wrong one is taken back with "Try again",
 * a right one gets "Correct" and the defence's reply is played. A hint shows the piece to
 * move, then the move. Progress (solved, attempts) is kept in this browser. The rules come
 * from the WebAssembly module, so the trainer works offline once loaded.
 */
import { Board, settingsPanel } from './board.js';
import { localPosition } from './xiangqi-wasm.js';
import { dailyNumber, loadLibrary, progressOf, recordAttempt, trainerUrl } from './puzzle-library.js';

/** Every text of this page that a player reads (English; to move to the translation files). */
const TEXT = {
  title: (/** @type {number} */ n) => `Puzzle ${n}`,
  dailyTitle: (/** @type {number} */ n) => `Today's puzzle: number ${n}`,
  pageTitle: (/** @type {number} */ n) => `Puzzle ${n} — Xiangqi`,
  boardLabel: 'Puzzle board',
  mateTask: (/** @type {string} */ side, /** @type {number} */ n) =>
    n === 1 ? `${side} to move: mate in one.` : `${side} to move: mate in ${n}.`,
  materialTask: (/** @type {string} */ side) => `${side} to move: win material.`,
  red: 'Red',
  black: 'Black',
  difficulty: (/** @type {number} */ d) => `difficulty ${d} of 5`,
  correct: 'Correct! Now the defence replies…',
  correctYourMove: 'Correct! Your move again.',
  tryAgain: 'Try again: that move does not keep the win.',
  solved: 'Correct — puzzle solved!',
  hintPiece: 'Hint: move the highlighted piece.',
  hintMove: (/** @type {string} */ move) => `Hint: play ${move}.`,
  progressNone: 'Not tried yet.',
  progress: (/** @type {boolean} */ solved, /** @type {number} */ attempts) =>
    `${solved ? 'Solved' : 'Not solved yet'} · ${attempts} ${attempts === 1 ? 'attempt' : 'attempts'}`,
  noPuzzle: (/** @type {string} */ what) => `There is no library puzzle ${what}. See the list of puzzles.`,
  loadFailed: (/** @type {string} */ why) => `The puzzle could not be loaded: ${why}`,
};

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
const board = new Board(byId('trainer-board'), { label: TEXT.boardLabel, onMove: (m) => { void play(m); } });

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

/** @param {string} text @param {'ok'|'error'|''} kind */
function say(text, kind) {
  statusEl.textContent = text;
  statusEl.className = kind ? `s-trainer-status s-${kind}` : 's-trainer-status';
}

function showProgress() {
  if (!puzzle) return;
  const p = progressOf(puzzle.fen);
  byId('trainer-progress').textContent = p.attempts === 0 && !p.solved
    ? TEXT.progressNone
    : TEXT.progress(p.solved, p.attempts);
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
    say(TEXT.tryAgain, 'error');
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
    say(TEXT.solved, 'ok');
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
  say(TEXT.correct, 'ok');
  await show(false);
  await pause(REPLY_MS);
  if (started !== epoch) return;
  moves.push(branch.reply);
  node = branch.next;
  await show(true);
  say(TEXT.correctYourMove, 'ok');
}

/** Shows the piece to move, then (pressed again) the move itself, in WXF and ICCS. */
async function hint() {
  if (!puzzle || !waiting || node.length === 0) return;
  const move = node[0].move;
  hintLevel = Math.min(hintLevel + 1, 2);
  board.select(move.slice(0, 2));
  if (hintLevel === 1) {
    say(TEXT.hintPiece, '');
    return;
  }
  let name = move;
  try {
    const info = await localPosition(puzzle.fen, [...moves, move]);
    const wxf = info.wxf[info.wxf.length - 1];
    if (wxf) name = `${wxf} (${move})`;
  } catch {
    // the coordinates alone
  }
  say(TEXT.hintMove(name), '');
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
      byId('trainer-error').textContent = TEXT.noPuzzle(JSON.stringify(segment));
      hintBtn.disabled = true;
      return;
    }
    puzzle = p;
    document.title = TEXT.pageTitle(number);
    byId('trainer-title').textContent = daily ? TEXT.dailyTitle(number) : TEXT.title(number);
    byId('trainer-themes').textContent = [...p.themes, TEXT.difficulty(p.difficulty)].join(' · ');
    const black = p.fen.split(' ')[1] === 'b';
    const side = black ? TEXT.black : TEXT.red;
    byId('trainer-task').textContent = p.kind === 'mate' ? TEXT.mateTask(side, p.moves) : TEXT.materialTask(side);
    if (black) board.setOrientation('black');
    /** @type {HTMLAnchorElement} */ (byId('next')).href = trainerUrl((number % lib.puzzles.length) + 1);
    showProgress();
    await restart();
  } catch (err) {
    byId('trainer-error').textContent = TEXT.loadFailed(err instanceof Error ? err.message : String(err));
  }
}

hintBtn.addEventListener('click', () => { void hint(); });
byId('restart').addEventListener('click', () => { void restart(); });

void load();
settingsPanel(byId('settings'));
