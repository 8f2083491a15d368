// @ts-check
/**
 * @file /computer: a game against the engine, played entirely in the page. The player
 * chooses a level (1 Beginner … 5 Hardest) and a colour; the engine (engine.js, WebAssembly in
 * a Web Worker, so the page never freezes) takes the other colour, and the rules module
 * (`position`) gives the legal moves, check, status and notation after every move. No
 * server is asked once the page has loaded: the rules module and the engine's worker are
 * loaded at once (then `<html data-engine="ready">`), so a page that lost its server still
 * plays.
 *
 * The game (start FEN, ICCS moves, level, colour, the level's noise seed and a resignation)
 * lives in localStorage under `xiangqi.computer.game`, so a reload resumes it and the engine
 * moves if it is its turn. `?fen=` starts the next game from a position (the puzzle page
 * links here): the position is checked first, and an invalid one is refused with the rules
 * library's reasons (`#link-problem`, until dismissed). A game the link's game displaces is
 * set aside (`xiangqi.computer.saved`) and "Back to your saved game" brings it back; any
 * other new game asks (`askDiscard`) before it discards a game in progress.
 *
 * Take back undoes the player's last move and the engine's reply to it; it is offered during
 * the game, and after a game that ended on the board (a mate, a repetition ruling), not
 * after a resignation, nor on a clock (computer-clock.js: the time a move took and its
 * increment are not given back). A search still running when the game changes (take back, resign, new
 * game) is left to finish in the worker and its move is dropped.
 */

import { position } from './api.js';
import {
  loadGame, loadSaved, storeGame, storePrefs, storeSaved,
} from './computer-store.js';
import { RunningClock, engineThinkTime } from './computer-clock.js';
import { fillSetup, readSetup, showSetupForm } from './computer-setup.js';
import {
  LEVEL_NAMES, computerName, other, statusOf, takeBackTo,
} from './computer-game.js';
import { renderClocks } from './room-seats.js';
import { t } from './i18n.js';
import { START_FEN } from './fen.js';
import { settingsPanel } from './board-settings.js';
import { Engine, LEVEL_MOVETIME_MS } from './engine.js';
import { rules } from './xiangqi-wasm.js';
import { GameView, replayLatest } from './game-view.js';
import {
  showResult, showWarning, statusLine, showStatusLine, showViewing,
} from './game-status.js';
import { gamePgn, download, wireGameMenu, analysisHref, showReplayLink } from './game-files.js';
import {
  showError, confirmButton, askDiscard, showLinkProblem, showSetAside, movesText,
} from './notices.js';

/** @typedef {import('./api.js').PositionInfo} PositionInfo */
/** @typedef {import('./api.js').GameStatus} GameStatus */
/** @typedef {'red'|'black'} Color */

/** @typedef {import('./computer-store.js').ComputerGame} ComputerGame */

/** @param {string} id */
const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));
/** @param {Color} c */
const Name = (c) => t(c === 'red' ? 'ruling.sides.red' : 'ruling.sides.black');

const engine = new Engine();
const params = new URLSearchParams(location.search);

/** Everything the page remembers. */
const page = {
  /** @type {ComputerGame|null} the game kept (localStorage), null before the first */
  game: loadGame(),
  /** @type {PositionInfo|null} the rules module's answer for `game` */
  info: null,
  /** Counts the rules module's replays asked for; an older answer is dropped. */
  requestSeq: 0,
  /** Counts the searches asked for; a result whose number is not the last one is dropped. */
  searchSeq: 0,
  /** The engine is searching for its move. */
  thinking: false,
  /** The player turned the board: it no longer follows the player's colour. */
  userFlipped: false,
  /** @type {string|null} the position the next game starts from (`?fen=`) */
  setupFen: params.get('fen'),
};

const view = new GameView({
  board: $('board'),
  moves: $('moves'),
  onMove: (m) => play(m),
  onView: (ply) => showViewing($('viewing'), ply),
  whyNoMove: () => whyNoMove(),
});

/** Why a click on the board plays nothing now, or null when the player can move. */
function whyNoMove() {
  if (!page.game || !page.info || (canMove() && view.viewing === null)) return null;
  if (isOver()) return t('room.why-over');
  if (view.viewing !== null) return t('room.why-viewing');
  return t('computer.thinking');
}

function save() {
  storeGame(page.game);
}

/** The status the player sees (computer-game.js), null before the game is known. */
function gameStatus() {
  return page.game && page.info ? statusOf(page.game, page.info) : null;
}

const isOver = () => gameStatus()?.result !== 'ongoing';

/** Whether the player may move now. */
function canMove() {
  return !!page.game && !!page.info && !isOver() && !page.thinking && page.info.turn === page.game.color;
}

/** The side whose clock runs now, or null (untimed, over, or not yet known). @returns {Color|null} */
function runningSide() {
  return page.game?.clock && page.info && !isOver() ? page.info.turn : null;
}

/** The game's clock as it runs (computer-clock.js); the page keeps the game. */
const gameClock = new RunningClock({
  clock: () => page.game?.clock ?? null,
  running: runningSide,
  onFlag: (side, clock) => {
    if (!page.game) return;
    if (side !== page.game.color) forgetSearch();
    page.game = { ...page.game, flagged: side, clock };
    save();
    render();
  },
  onKeep: (clock) => {
    if (!page.game) return;
    page.game = { ...page.game, clock };
    save();
  },
  draw: (clock, running, since) => renderClocks(clock ? { red_ms: clock.redMs, black_ms: clock.blackMs, running } : null,
    isOver(), view.board.orientation, since),
});

/** Asks the rules module about the game, shows it, and lets the engine move if it is its turn. */
async function refresh() {
  const replayed = await replayLatest(page, $('error'), save);
  if (!replayed) return;
  page.info = replayed.info;
  render();
  think();
}

/** Shows the game: board, move list, status line, banners, buttons and players. */
function render() {
  const status = gameStatus();
  if (!page.game || !page.info || !status) return;
  const over = status.result !== 'ongoing';
  if (!page.userFlipped) view.board.setOrientation(page.game.color);
  view.update({
    startFen: page.game.startFen,
    moves: page.game.moves,
    wxf: page.info.wxf,
    chinese: page.info.chinese,
    fen: page.info.fen,
    legal: canMove() ? page.info.legal : [],
    check: page.info.check,
    status,
  });
  let line;
  if (over) line = statusLine(status, page.info.turn, page.info.check);
  else if (page.info.turn === page.game.color) line = t(page.info.check ? 'computer.your-move-check' : 'computer.your-move');
  else if (page.thinking) line = t(page.info.check ? 'computer.thinking-check' : 'computer.thinking');
  else line = t('computer.to-move');
  showStatusLine($('status'), status, page.info.turn, line);
  showResult($('banner'), status);
  showWarning($('warning'), status);
  $('resign').hidden = over;
  /** @type {HTMLButtonElement} */ ($('undo')).disabled = !page.game || takeBackTo(page.game) === null;
  const analyse = /** @type {HTMLAnchorElement} */ ($('analyse'));
  analyse.hidden = !over;
  analyse.href = analysisHref(page.game.startFen, page.game.moves);
  showReplayLink(page.game.startFen, page.game.moves, over);
  renderPlayers();
}

/** The names above and below the board, and the "thinking…" beside the engine's. */
function renderPlayers() {
  if (!page.game) return;
  const bottom = view.board.orientation;
  for (const [slot, color] of /** @type {[string, Color][]} */ ([['bottom', bottom], ['top', other(bottom)]])) {
    const el = $(`player-${slot}`);
    const mine = color === page.game.color;
    /** @type {HTMLElement} */ (el.querySelector('.name')).textContent =
      t('computer.seat', { side: Name(color), who: mine ? t('computer.you') : computerName(page.game) });
    /** @type {HTMLElement} */ (el.querySelector('.dot')).className = `dot ${color}`;
    /** @type {HTMLElement} */ (el.querySelector('.thinking')).hidden = mine || !page.thinking;
  }
  gameClock.draw();
}

/** Lets the engine move when it is its turn (at most one search at a time). */
async function think() {
  const g = page.game;
  if (!g || !page.info || page.thinking || isOver() || page.info.turn === g.color) return;
  page.thinking = true;
  const seq = ++page.searchSeq;
  render();
  const moves = [...g.moves];
  try {
    const r = await engine.search({
      fen: g.startFen, moves, level: g.level, seed: g.seed,
      movetime: engineThinkTime(LEVEL_MOVETIME_MS[g.level], g.clock, gameClock.left(other(g.color))),
    });
    if (seq !== page.searchSeq) return;
    page.thinking = false;
    if (!r.best) {
      render();
      return;
    }
    page.game = { ...g, moves: [...moves, r.best], clock: gameClock.charge(g.clock, other(g.color)) };
    save();
    refresh();
  } catch (e) {
    if (seq !== page.searchSeq) return;
    page.thinking = false;
    showError($('error'), t('computer.could-not-move', { why: e instanceof Error ? e.message : String(e) }));
    render();
  }
}

/** Drops the result of a search still running: the game it was for has changed. */
function forgetSearch() {
  page.searchSeq += 1;
  page.thinking = false;
}

/** The player's move. @param {string} m */
function play(m) {
  if (!page.game || !canMove() || view.viewing !== null) {
    render();
    return;
  }
  page.game = { ...page.game, moves: [...page.game.moves, m], clock: gameClock.charge(page.game.clock, page.game.color) };
  save();
  refresh();
}

/** @param {boolean} show */
function showSetup(show) {
  showSetupForm(show, { game: page.game, setupFen: page.setupFen });
}

/** Shows the position the next game starts from, while no game is kept. */
function showPreview() {
  view.board.setPosition({ fen: page.setupFen ?? START_FEN }, { announce: false });
}

/** Shows or hides the bar that offers the game a link's game set aside. */
function showSaved() {
  const saved = loadSaved();
  showSetAside($('saved-game'), saved ? `${movesText(saved.moves.length)}, ${computerName(saved)}` : null);
}

/**
 * Asks before the game in progress (a move played, not over) is discarded; true when there
 * is none or the player agrees.
 * @param {string} title
 * @param {string} confirm
 */
function mayDiscard(title, confirm) {
  const inProgress = !!page.game && page.game.moves.length > 0 && !!page.info && !isOver();
  return page.game && inProgress ? askDiscard(page.game.moves.length, title, confirm) : Promise.resolve(true);
}

$('setup').addEventListener('submit', async (e) => {
  e.preventDefault();
  if (page.setupFen) {
    // The link's game does not discard the one in progress: it is set aside.
    if (page.game && page.game.moves.length > 0) storeSaved(page.game);
  } else if (!(await mayDiscard(t('game.ask-new'), t('common.new-game')))) {
    showSetup(false);
    return;
  }
  const { level, chosen, color, clockChoice, clock } = readSetup();
  forgetSearch();
  engine.newGame().catch(() => { /* a failed engine says so when it is asked to move */ });
  const seed = crypto.getRandomValues(new Uint32Array(1))[0];
  page.game = { startFen: page.setupFen, moves: [], level, color, seed, resigned: false, clock, flagged: null };
  page.info = null;
  page.userFlipped = false;
  gameClock.startTurn();
  save();
  storePrefs(level, chosen, clockChoice);
  if (page.setupFen) {
    page.setupFen = null;
    history.replaceState(null, '', location.pathname);
  }
  showSetup(false);
  $('game-side').hidden = false;
  showSaved();
  refresh();
});
$('back-to-saved').addEventListener('click', async () => {
  const saved = loadSaved();
  if (!saved || !(await mayDiscard(t('game.ask-saved'), t('game.back-to-saved')))) return;
  forgetSearch();
  page.game = saved;
  page.info = null;
  page.userFlipped = false;
  save();
  storeSaved(null);
  showSaved();
  refresh();
});

$('new-game').addEventListener('click', () => showSetup(true));
$('cancel-setup').addEventListener('click', () => {
  if (page.setupFen) {
    page.setupFen = null;
    history.replaceState(null, '', location.pathname);
  }
  showSetup(false);
  if (page.game && $('game-side').hidden) {
    $('game-side').hidden = false;
    refresh();
  }
});
confirmButton($('resign'), t('game.confirm-resign'), () => {
  if (!page.game || isOver()) return;
  forgetSearch();
  page.game = { ...page.game, resigned: true };
  save();
  render();
});
$('undo').addEventListener('click', () => {
  if (!page.game) return;
  const n = takeBackTo(page.game);
  if (n === null) return;
  forgetSearch();
  page.game = { ...page.game, moves: page.game.moves.slice(0, n) };
  save();
  refresh();
});
$('flip').addEventListener('click', () => {
  page.userFlipped = true;
  view.board.flip();
  renderPlayers();
});
$('back-to-game').addEventListener('click', () => view.backToGame());
settingsPanel($('settings'));

wireGameMenu($('menu'), {
  startFen: () => page.game?.startFen ?? START_FEN,
  moves: () => page.game?.moves ?? [],
  pgn: async () => {
    const status = gameStatus();
    if (!page.game || !page.info || !status) return;
    const them = `Computer (level ${page.game.level}, ${LEVEL_NAMES[page.game.level - 1]})`;
    download('xiangqi-computer.pgn', await gamePgn({
      startFen: page.game.startFen,
      moves: page.game.moves,
      status,
      event: 'Game against the computer',
      red: page.game.color === 'red' ? 'You' : them,
      black: page.game.color === 'black' ? 'You' : them,
    }));
  },
});

fillSetup();
window.setInterval(() => gameClock.tick(), 200);
// The time spent on the move so far is kept when the page goes away.
window.addEventListener('pagehide', () => {
  const side = runningSide();
  if (side) gameClock.keep(side);
});

// Load the rules and the engine now, while the server is there: the game goes on without it.
Promise.all([rules(), engine.newGame()]).then(
  () => { document.documentElement.dataset.engine = 'ready'; },
  (e) => {
    const text = t('computer.could-not-start', { why: e instanceof Error ? e.message : String(e) });
    showError($('error'), text);
    showError($('setup-error'), text);
  },
);

/** Checks the link's position, then shows the setup (a new game) or the kept game. */
async function start() {
  if (page.setupFen) {
    try {
      await position(page.setupFen, []);
    } catch (e) {
      showLinkProblem($('link-problem'), e, page.game ? t('game.unchanged') : '');
      page.setupFen = null;
      history.replaceState(null, '', location.pathname);
    }
  }
  if (page.setupFen || !page.game) {
    showPreview();
    showSetup(true);
  }
  if (page.game && !page.setupFen) {
    $('game-side').hidden = false;
    showSaved();
    refresh();
  }
}
start();
