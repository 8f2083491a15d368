// @ts-check
/**
 * @file /computer: choose a level (1 Beginner … 5 Hardest) and a colour; the page creates a
 * room with `POST /api/rooms {computer: {level, color}}` (the engine takes the other colour)
 * and plays over the room's WebSocket. The room code and seat are kept in localStorage
 * under `xiangqi.computer` (the one-screen game has its own key), so a reload reconnects
 * with `hello {seat, v}`. `?fen=` starts from a position.
 */

import { api, loadJSON, saveJSON, ApiError } from './api.js';
import { RoomGame } from './room.js';
import { pieceStyleToggle } from './game-ui.js';
import { Board, START_FEN } from './board.js';

const STORE = 'xiangqi.computer';
const LEVELS = ['Beginner', 'Easy', 'Normal', 'Hard', 'Hardest'];

/** @param {string} id */
const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));

/** @type {RoomGame|null} */
let room = null;
const params = new URLSearchParams(location.search);
/** @type {string|null} */
let setupFen = params.get('fen');
/** @type {Board|null} a view-only board shown before the first game */
let preview = null;

/** @param {boolean} show */
function showSetup(show) {
  $('setup').hidden = !show;
  $('cancel-setup').hidden = !room;
  const fenNote = $('setup-fen');
  fenNote.hidden = !setupFen;
  fenNote.textContent = setupFen ? `The game starts from the position ${setupFen}` : '';
  if (show) /** @type {HTMLSelectElement} */ ($('level')).focus();
}

/** @param {{code: string, seat: string}} saved */
function connect(saved) {
  room?.close();
  preview?.destroy();
  preview = null;
  $('game-side').hidden = false;
  room = new RoomGame({ code: saved.code, seat: saved.seat, computerLevelNames: LEVELS });
}

/** @param {string} text */
function setupError(text) {
  const el = $('error');
  $('game-side').hidden = false;
  el.hidden = !text;
  el.textContent = text;
}

$('setup').addEventListener('submit', async (e) => {
  e.preventDefault();
  const level = Number(/** @type {HTMLSelectElement} */ ($('level')).value);
  let color = /** @type {HTMLSelectElement} */ ($('color')).value;
  if (color === 'random') color = Math.random() < 0.5 ? 'red' : 'black';
  const start = /** @type {HTMLButtonElement} */ ($('start'));
  start.disabled = true;
  try {
    // The page keeps one game: a game still in progress is resigned, which also gives back
    // its place among this address's computer games (the server caps them).
    if (room?.game?.status.result === 'ongoing' && room.you) room.send({ t: 'resign' });
    const r = await api.post('/api/rooms', {
      fen: setupFen,
      computer: { level, color: color === 'red' ? 'black' : 'red' },
    });
    saveJSON(STORE, { code: r.code, seat: r.seat, level, color });
    saveJSON('xiangqi.computer.prefs', { level, color: /** @type {HTMLSelectElement} */ ($('color')).value });
    if (setupFen) {
      setupFen = null;
      history.replaceState(null, '', location.pathname);
    }
    showSetup(false);
    connect(r);
  } catch (err) {
    setupError(err instanceof ApiError ? `${err.message}${err.problems.length ? ': ' + err.problems.join('; ') : ''}` : String(err));
  } finally {
    start.disabled = false;
  }
});

$('new-game').addEventListener('click', () => showSetup(true));
$('cancel-setup').addEventListener('click', () => showSetup(false));
pieceStyleToggle(/** @type {HTMLInputElement} */ ($('letters')));

const prefs = loadJSON('xiangqi.computer.prefs');
if (prefs) {
  if (prefs.level) /** @type {HTMLSelectElement} */ ($('level')).value = String(prefs.level);
  if (prefs.color) /** @type {HTMLSelectElement} */ ($('color')).value = String(prefs.color);
}

const saved = loadJSON(STORE);
if (!setupFen && saved && typeof saved.code === 'string' && typeof saved.seat === 'string') {
  connect(saved);
} else {
  preview = new Board($('board'), { interactive: false });
  preview.setPosition({ fen: setupFen ?? START_FEN }, { announce: false });
  showSetup(true);
}
