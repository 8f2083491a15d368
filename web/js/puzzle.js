// @ts-check
/**
 * A shared puzzle (/puzzles/{id}): GET /api/puzzles/{id}, show the position; a puzzle saved
 * with a solution is solved on the page like the trainer's (puzzle-solver.js: each move
 * checked against the composer's line, the defence played by itself, "Correct" / "Try
 * again", a hint). Every puzzle can also be played out against the computer
 * (/computer?fen=), with a friend (POST /api/rooms with the FEN, then /play/<code>) or on one
 * screen (/local?fen=).
 */
import { t } from './i18n.js';
import { wireCopyButton } from './notices.js';
import { Board } from './board.js';
import { settingsPanel } from './board-settings.js';
import { request, ApiError, storeSeat, position } from './api.js';
import { getNotation } from './notation.js';
import { explanationOf } from './cycle.js';
import { PuzzleSolver, lineTree } from './puzzle-solver.js';

/** @template {HTMLElement} T @param {string} id @returns {T} */
function byId(id) {
  const el = document.getElementById(id);
  if (!el) throw new Error(`missing #${id}`);
  return /** @type {T} */ (el);
}

const errorBox = byId('puzzle-error');
const friendBtn = /** @type {HTMLButtonElement} */ (byId('play-friend'));
const shareUrl = /** @type {HTMLInputElement} */ (byId('share-url'));

const hintBtn = /** @type {HTMLButtonElement} */ (byId('hint'));
const board = new Board(byId('puzzle-board'), { label: t('puzzle.board'), onMove: (m) => { void solver.play(m); } });
const solver = new PuzzleSolver({ board, status: byId('puzzle-status'), hint: hintBtn });
hintBtn.addEventListener('click', () => { void solver.hint(); });
byId('restart').addEventListener('click', () => { void solver.restart(); });
/**
 * Decodes a path segment; a malformed escape (`%E0%A4%A`) is kept as typed, so the server
 * answers "not found" instead of the page throwing.
 * @param {string} text
 * @returns {string}
 */
function safeDecode(text) {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

const id = safeDecode(location.pathname.split('/').filter(Boolean).pop() || '');
shareUrl.value = location.href;

/** @type {string | null} */
let fen = null;

async function load() {
  try {
    const puzzle = await request('GET', `/api/puzzles/${encodeURIComponent(id)}`);
    fen = String(puzzle.fen);
    document.title = t('puzzle.doc-title', { title: puzzle.title });
    byId('puzzle-title').textContent = puzzle.title;
    byId('puzzle-fen').textContent = `FEN: ${fen}`;
    const pos = await position(fen, []);
    board.setPosition({ fen: pos.fen, check: pos.check }, { announce: false, animate: false });
    const side = t(pos.turn === 'black' ? 'ruling.sides.black' : 'ruling.sides.red');
    byId('puzzle-turn').textContent = pos.status && pos.status.result !== 'ongoing'
      ? explanationOf(pos.status, getNotation())
      : t(pos.check ? 'puzzle.to-move-check' : 'puzzle.to-move', { side });
    if (pos.turn === 'black') board.setOrientation('black');
    const q = `?fen=${encodeURIComponent(fen)}`;
    /** @type {HTMLAnchorElement} */ (byId('play-computer')).href = `/computer${q}`;
    /** @type {HTMLAnchorElement} */ (byId('play-local')).href = `/local${q}`;
    const solution = Array.isArray(puzzle.solution) ? puzzle.solution : [];
    if (solution.length) {
      let text = solution.join(' ');
      try {
        const named = await position(fen, solution);
        if (Array.isArray(named.wxf) && named.wxf.length === solution.length) {
          text = solution.map((m, i) => `${named.wxf[i]} (${m})`).join(', ');
        }
      } catch {
        // show the coordinates alone
      }
      byId('solution-text').textContent = text;
      byId('solution-box').hidden = false;
      // Solved here, unless the position is already over (the editor refuses that).
      if (pos.status.result === 'ongoing') {
        byId('solve-here').hidden = false;
        await solver.start(fen, lineTree(solution));
      }
    }
  } catch (err) {
    errorBox.textContent = err instanceof ApiError && err.status === 404
      ? t('puzzle.not-found')
      : t('puzzle.load-failed', { why: err instanceof Error ? err.message : String(err) });
    friendBtn.disabled = true;
  }
}

friendBtn.addEventListener('click', async () => {
  if (!fen) return;
  byId('friend-error').textContent = '';
  friendBtn.disabled = true;
  try {
    const room = await request('POST', '/api/rooms', { fen, public: false });
    storeSeat(room.code, room.seat);
    location.assign(`/play/${encodeURIComponent(room.code)}`);
  } catch (err) {
    byId('friend-error').textContent = err instanceof Error ? err.message : String(err);
    friendBtn.disabled = false;
  }
});

wireCopyButton(byId('copy'), shareUrl);

load();

settingsPanel(byId('settings'));
