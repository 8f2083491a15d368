// @ts-check
/**
 * @file /local: pass and play on one screen. The game (start FEN + ICCS moves) lives in
 * localStorage under `xiangqi.local.game`; after every move the rules module in the page
 * (`position`, WebAssembly) gives the legal moves, check, status and notation: no server
 * round trip, so the page plays offline. `?fen=` starts a
 * game from a position (the puzzle page links here).
 */

import { loadJSON, saveJSON } from './api.js';
import { START_FEN } from './board.js';
import {
  GameView, showResult, showWarning, statusLine, buildPgn, download, wireGameMenu,
  replayStored, showError, showStatusLine, showViewing, analysisHref,
} from './game-ui.js';
import { settingsPanel } from './settings.js';

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
  onView: (ply) => showViewing($('viewing'), ply),
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

/** Asks the rules module about the game and shows the answer. */
async function refresh() {
  const seq = ++requestSeq;
  /** @type {import('./game-ui.js').Replayed} */
  let replayed;
  try {
    replayed = await replayStored(game.startFen, game.moves);
  } catch (e) {
    if (seq === requestSeq) showError($('error'), e instanceof Error ? e.message : String(e));
    return;
  }
  if (seq !== requestSeq) return;
  if (replayed.startFen !== game.startFen || replayed.moves.length !== game.moves.length) {
    game = { startFen: replayed.startFen, moves: replayed.moves };
    save();
  }
  showError($('error'), replayed.problem?.text ?? '', replayed.problem?.problems);
  const r = replayed.info;
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
  showStatusLine(statusEl, r.status, r.turn, statusLine(r.status, r.turn, r.check));
  showResult($('banner'), r.status);
  showWarning($('warning'), r.status);
  /** @type {HTMLButtonElement} */ ($('undo')).disabled = game.moves.length === 0;
  $('standard').hidden = game.startFen === null;
  const q = new URLSearchParams({ moves: game.moves.join(',') });
  if (game.startFen) q.set('fen', game.startFen);
  /** @type {HTMLAnchorElement} */ ($('replay-link')).href = `/replay?${q}`;
  /** @type {HTMLAnchorElement} */ ($('analyse')).href = analysisHref(game.startFen, game.moves);
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
settingsPanel($('settings'));

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
