// @ts-check
/**
 * The puzzle trainer (/puzzles/library/{n}): puzzle n of the built-in library on the board,
 * solved by puzzle-solver.js against the puzzle's solution tree (any accepted move counts:
 * every move that keeps the forced win). Progress (solved, attempts) is kept in this
 * browser. The rules come from the WebAssembly module, so the trainer works offline once
 * loaded.
 */
import { Board } from './board.js';
import { settingsPanel } from './board-settings.js';
import { lookup, t } from './i18n.js';
import { PuzzleSolver } from './puzzle-solver.js';
import { dailyNumber, loadLibrary, progressOf, recordAttempt, themeName, trainerUrl } from './puzzle-library.js';

/** @template {HTMLElement} T @param {string} id @returns {T} */
function byId(id) {
  const el = document.getElementById(id);
  if (!el) throw new Error(`missing #${id}`);
  return /** @type {T} */ (el);
}

const hintBtn = /** @type {HTMLButtonElement} */ (byId('hint'));
const board = new Board(byId('trainer-board'), { label: t('trainer.board'), onMove: (m) => { void solver.play(m); } });
const solver = new PuzzleSolver({
  board,
  status: byId('trainer-status'),
  hint: hintBtn,
  onAttempt: (solved) => {
    if (!puzzle) return;
    recordAttempt(puzzle.fen, solved);
    showProgress();
  },
});

const segment = location.pathname.split('/').filter(Boolean).pop() || '';
/** `daily`: the day's puzzle, chosen by the date. */
const daily = segment === 'daily';

/** @type {import('./puzzle-library.js').LibraryPuzzle|null} */
let puzzle = null;

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

function showProgress() {
  if (!puzzle) return;
  const p = progressOf(puzzle.fen);
  const attempts = p.attempts === 1 ? t('trainer.attempts-1') : t('trainer.attempts', { n: p.attempts });
  byId('trainer-progress').textContent = p.attempts === 0 && !p.solved
    ? t('trainer.progress-none')
    : t(p.solved ? 'trainer.progress-solved' : 'trainer.progress-unsolved', { attempts });
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
    await solver.start(p.fen, p.tree);
  } catch (err) {
    byId('trainer-error').textContent = t('puzzle.load-failed', { why: err instanceof Error ? err.message : String(err) });
  }
}

hintBtn.addEventListener('click', () => { void solver.hint(); });
byId('restart').addEventListener('click', () => { void solver.restart(); });

void load();
settingsPanel(byId('settings'));
