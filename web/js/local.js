// @ts-check
/**
 * @file /local: pass and play on one screen. The game (start FEN + ICCS moves) lives in
 * localStorage under `xiangqi.local.game`; after every move the rules module in the page
 * (`position`, WebAssembly) gives the legal moves, check, status and notation: no server
 * round trip, so the page plays offline. `?fen=` starts a
 * game from a position (the puzzle page links here): the position is checked first, an
 * invalid one is refused with the rules library's reasons (`#link-problem`, which stays until
 * dismissed) and leaves the game alone; a valid one sets the game aside that it displaces
 * (`xiangqi.local.saved`, when it has moves), and "Back to your saved game" brings that back.
 * New game and Standard start ask (`askDiscard`) before they discard a game in progress.
 */

import { loadJSON, position, saveJSON } from './api.js';
import { t } from './i18n.js';
import { START_FEN } from './fen.js';
import { settingsPanel } from './board-settings.js';
import { GameView, replayLatest } from './game-view.js';
import {
  showResult, showWarning, statusLine, showStatusLine, showViewing,
} from './game-status.js';
import { gamePgn, download, wireGameMenu, analysisHref, showReplayLink } from './game-files.js';
import { askDiscard, showLinkProblem, showSetAside, movesText } from './notices.js';

const STORE = 'xiangqi.local.game';
/** The game a `?fen=` link set aside. */
const SAVED = 'xiangqi.local.saved';
const AUTOFLIP = 'xiangqi.local.autoflip';

/** @param {string} id */
const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));

/** @typedef {{startFen: string|null, moves: string[]}} LocalGame */

/** Everything the page remembers. */
const page = {
  /** @type {LocalGame} */
  game: { startFen: null, moves: [] },
  /** @type {import('./api.js').PositionInfo|null} */
  info: null,
  requestSeq: 0,
};

const statusEl = $('status');
const view = new GameView({
  board: $('board'),
  moves: $('moves'),
  onMove: (m) => play(m),
  onView: (ply) => showViewing($('viewing'), ply),
});

/** @param {unknown} v @returns {LocalGame|null} */
function parseGame(v) {
  if (!v || typeof v !== 'object') return null;
  const g = /** @type {Record<string, unknown>} */ (v);
  if (!Array.isArray(g.moves) || !g.moves.every((m) => typeof m === 'string')) return null;
  return { startFen: typeof g.startFen === 'string' ? g.startFen : null, moves: g.moves };
}

/** Reads the kept game, then the `?fen=` of the address (checked by the rules module). */
async function load() {
  page.game = parseGame(loadJSON(STORE)) ?? page.game;
  const fen = new URLSearchParams(location.search).get('fen');
  if (fen === null) return;
  history.replaceState(null, '', location.pathname);
  try {
    await position(fen, []);
  } catch (e) {
    showLinkProblem($('link-problem'), e, t('game.unchanged'));
    return;
  }
  if (page.game.moves.length > 0) saveJSON(SAVED, page.game);
  page.game = { startFen: fen, moves: [] };
  save();
}

/** Shows or hides the bar that offers the game a link set aside. */
function showSaved() {
  const saved = parseGame(loadJSON(SAVED));
  showSetAside($('saved-game'), saved ? movesText(saved.moves.length) : null);
}

/**
 * Asks before the game in progress (a move played, not over) is discarded; true when there
 * is none or the player agrees.
 * @param {string} title
 * @param {string} confirm
 */
function mayDiscard(title, confirm) {
  const inProgress = page.game.moves.length > 0 && page.info?.status.result === 'ongoing';
  return inProgress ? askDiscard(page.game.moves.length, title, confirm) : Promise.resolve(true);
}

function save() {
  saveJSON(STORE, page.game);
}

/** Asks the rules module about the game and shows the answer. */
async function refresh() {
  const replayed = await replayLatest(page, $('error'), save);
  if (!replayed) return;
  const r = replayed.info;
  page.info = r;
  const over = r.status.result !== 'ongoing';
  view.update({
    startFen: page.game.startFen,
    moves: page.game.moves,
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
  /** @type {HTMLButtonElement} */ ($('undo')).disabled = page.game.moves.length === 0;
  $('standard').hidden = page.game.startFen === null;
  showReplayLink(page.game.startFen, page.game.moves, true);
  /** @type {HTMLAnchorElement} */ ($('analyse')).href = analysisHref(page.game.startFen, page.game.moves);
}

/** @param {string} m */
function play(m) {
  if (view.viewing !== null) return;
  page.game.moves = [...page.game.moves, m];
  save();
  refresh();
}

$('new-game').addEventListener('click', async () => {
  if (!(await mayDiscard(t('game.ask-new'), t('common.new-game')))) return;
  // A game set up from a position starts again from it; "Standard start" leaves it.
  page.game = { startFen: page.game.startFen, moves: [] };
  save();
  refresh();
});
$('standard').addEventListener('click', async () => {
  if (!(await mayDiscard(t('game.ask-standard'), t('local.standard-start')))) return;
  page.game = { startFen: null, moves: [] };
  save();
  refresh();
});
$('back-to-saved').addEventListener('click', async () => {
  const saved = parseGame(loadJSON(SAVED));
  if (!saved || !(await mayDiscard(t('game.ask-saved'), t('game.back-to-saved')))) return;
  page.game = saved;
  save();
  saveJSON(SAVED, null);
  showSaved();
  refresh();
});
$('undo').addEventListener('click', () => {
  if (!page.game.moves.length) return;
  page.game.moves = page.game.moves.slice(0, -1);
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
  if (autoflip.checked && page.info) view.board.setOrientation(page.info.turn);
});
settingsPanel($('settings'));

wireGameMenu($('menu'), {
  startFen: () => page.game.startFen ?? START_FEN,
  moves: () => page.game.moves,
  pgn: async () => {
    if (!page.info) return;
    const pgn = await gamePgn({ startFen: page.game.startFen, moves: page.game.moves, status: page.info.status, event: 'Local game' });
    download('xiangqi-local.pgn', pgn);
  },
});

load().then(() => {
  showSaved();
  refresh();
});
