// @ts-check
/**
 * @file /local: pass and play on one screen. The game (start FEN + ICCS moves) lives in
 * localStorage under `xiangqi.local.game`; after every move the rules module in the page
 * (`position`, WebAssembly) gives the legal moves, check, status and notation: no server
 * round trip, so the page plays offline. `?fen=` starts a
 * game from a position (the puzzle page links here).
 */

import { position, loadJSON, saveJSON, ApiError } from './api.js';
import { START_FEN } from './board.js';
import {
  GameView, showResult, showWarning, statusLine, buildPgn, download, wireGameMenu, pieceStyleToggle,
} from './game-ui.js';

const STORE = 'xiangqi.local.game';
const AUTOFLIP = 'xiangqi.local.autoflip';

/** @param {string} id */
const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));

/** @type {{startFen: string|null, moves: string[]}} */
let game = { startFen: null, moves: [] };
/** @type {import('./api.js').PositionInfo|null} */
let info = null;
let requestSeq = 0;

const statusEl = $('status');
const view = new GameView({
  board: $('board'),
  moves: $('moves'),
  onMove: (m) => play(m),
  onView: (ply) => {
    $('viewing').hidden = ply === null;
    /** @type {HTMLElement} */ ($('viewing').firstElementChild).textContent =
      ply === 0 ? 'Viewing the start position' : `Viewing the position after move ${ply}`;
  },
});

function load() {
  const params = new URLSearchParams(location.search);
  const fen = params.get('fen');
  if (fen) {
    game = { startFen: fen, moves: [] };
    save();
    history.replaceState(null, '', location.pathname);
    return;
  }
  const saved = loadJSON(STORE);
  if (saved && Array.isArray(saved.moves) && saved.moves.every((/** @type {unknown} */ m) => typeof m === 'string')) {
    game = { startFen: typeof saved.startFen === 'string' ? saved.startFen : null, moves: saved.moves };
  }
}

function save() {
  saveJSON(STORE, game);
}

/** @param {string} text @param {string[]} [problems] */
function showError(text, problems = []) {
  const el = $('error');
  el.hidden = !text;
  el.textContent = text;
  if (problems.length) {
    const ul = document.createElement('ul');
    for (const p of problems) {
      const li = document.createElement('li');
      li.textContent = p;
      ul.appendChild(li);
    }
    el.appendChild(ul);
  }
}

/** Asks the rules module about the game and shows the answer. */
async function refresh() {
  const seq = ++requestSeq;
  /** @type {import('./api.js').PositionInfo} */
  let r;
  try {
    r = await position(game.startFen, game.moves);
  } catch (e) {
    if (seq !== requestSeq) return;
    if (e instanceof ApiError && e.code === 'illegal_move' && game.moves.length) {
      // A stored game that no longer replays: keep the legal prefix.
      game.moves.pop();
      save();
      return refresh();
    }
    if (e instanceof ApiError && e.code === 'invalid_fen') {
      showError(`This start position is not valid: ${e.message}`, e.problems);
      game = { startFen: null, moves: [] };
      save();
      return refresh();
    }
    showError(e instanceof Error ? e.message : String(e));
    return;
  }
  if (seq !== requestSeq) return;
  showError('');
  info = r;
  const over = r.status.result !== 'ongoing';
  view.update({
    startFen: game.startFen,
    moves: game.moves,
    wxf: r.wxf,
    chinese: r.chinese,
    fen: r.fen,
    legal: over ? [] : r.legal,
    check: r.check,
    status: r.status,
  });
  if (/** @type {HTMLInputElement} */ ($('autoflip')).checked) view.board.setOrientation(r.turn);
  const dot = /** @type {HTMLElement} */ (statusEl.querySelector('.dot'));
  dot.className = `dot ${over ? (r.status.result === 'black' ? 'black' : 'red') : r.turn}`;
  /** @type {HTMLElement} */ (statusEl.querySelector('.text')).textContent = statusLine(r.status, r.turn, r.check);
  showResult($('banner'), r.status);
  showWarning($('warning'), r.status);
  /** @type {HTMLButtonElement} */ ($('undo')).disabled = game.moves.length === 0;
  $('standard').hidden = game.startFen === null;
  const q = new URLSearchParams({ moves: game.moves.join(',') });
  if (game.startFen) q.set('fen', game.startFen);
  /** @type {HTMLAnchorElement} */ ($('replay-link')).href = `/replay?${q}`;
  /** @type {HTMLAnchorElement} */ ($('analyse')).href = `/analysis?${q}`;
}

/** @param {string} m */
function play(m) {
  if (view.viewing !== null) return;
  game.moves = [...game.moves, m];
  save();
  refresh();
}

$('new-game').addEventListener('click', () => {
  // A game set up from a position starts again from it; "Standard start" leaves it.
  game = { startFen: game.startFen, moves: [] };
  save();
  refresh();
});
$('standard').addEventListener('click', () => {
  game = { startFen: null, moves: [] };
  save();
  refresh();
});
$('undo').addEventListener('click', () => {
  if (!game.moves.length) return;
  game.moves = game.moves.slice(0, -1);
  save();
  refresh();
});
$('flip').addEventListener('click', () => {
  /** @type {HTMLInputElement} */ ($('autoflip')).checked = false;
  saveJSON(AUTOFLIP, false);
  view.board.flip();
});
$('back-to-game').addEventListener('click', () => view.backToGame());

const autoflip = /** @type {HTMLInputElement} */ ($('autoflip'));
autoflip.checked = loadJSON(AUTOFLIP) === true;
autoflip.addEventListener('change', () => {
  saveJSON(AUTOFLIP, autoflip.checked);
  if (autoflip.checked && info) view.board.setOrientation(info.turn);
});
pieceStyleToggle(/** @type {HTMLInputElement} */ ($('letters')));

wireGameMenu($('menu'), {
  startFen: () => game.startFen ?? START_FEN,
  moves: () => game.moves,
  pgn: () => {
    if (!info) return;
    download('xiangqi-local.pgn', buildPgn({ startFen: game.startFen, wxf: info.wxf, status: info.status, event: 'Local game' }));
  },
});

load();
refresh();
