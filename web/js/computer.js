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
  loadGame, loadPrefs, loadSaved, storeGame, storePrefs, storeSaved,
} from './computer-store.js';
import {
  RunningClock, clockOf, clockOptions, engineThinkTime,
} from './computer-clock.js';
import { renderClocks } from './room-seats.js';
import { t } from './i18n.js';
import { START_FEN } from './fen.js';
import { settingsPanel } from './board-settings.js';
import { Engine, LEVEL_MOVETIME_MS } from './engine.js';
import { rules } from './xiangqi-wasm.js';
import { GameView, replayStored } from './game-view.js';
import {
  showResult, showWarning, statusLine, showStatusLine, showViewing,
} from './game-status.js';
import { gamePgn, download, wireGameMenu, analysisHref } from './game-files.js';
import {
  showError, confirmButton, askDiscard, showLinkProblem, showSetAside, movesText,
} from './notices.js';

/** @typedef {import('./api.js').PositionInfo} PositionInfo */
/** @typedef {import('./api.js').GameStatus} GameStatus */
/** @typedef {'red'|'black'} Color */

/** @typedef {import('./computer-store.js').ComputerGame} ComputerGame */

const LEVELS = ['beginner', 'easy', 'normal', 'hard', 'hardest'].map((l) => t(`computer.level-${l}`));

/** @param {string} id */
const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));
/** @param {Color} c @returns {Color} */
const other = (c) => (c === 'red' ? 'black' : 'red');
/** @param {Color} c */
const Name = (c) => t(c === 'red' ? 'ruling.sides.red' : 'ruling.sides.black');

const engine = new Engine();
/** @type {ComputerGame|null} */
let game = null;
/** @type {PositionInfo|null} the rules module's answer for `game` */
let info = null;
let requestSeq = 0;
/** Counts the searches asked for; a result whose number is not the last one is dropped. */
let searchSeq = 0;
let thinking = false;
let userFlipped = false;
const params = new URLSearchParams(location.search);
/** @type {string|null} the position the next game starts from */
let setupFen = params.get('fen');

const view = new GameView({
  board: $('board'),
  moves: $('moves'),
  onMove: (m) => play(m),
  onView: (ply) => showViewing($('viewing'), ply),
  whyNoMove: () => whyNoMove(),
});

/** Why a click on the board plays nothing now, or null when the player can move. */
function whyNoMove() {
  if (!game || !info || (canMove() && view.viewing === null)) return null;
  if (isOver()) return t('room.why-over');
  if (view.viewing !== null) return t('room.why-viewing');
  return t('computer.thinking');
}

function save() {
  storeGame(game);
}

/** The side that plays ply `i` (0: the first move) of the game. @param {number} i */
function moverOf(i) {
  const first = (game?.startFen ?? START_FEN).trim().split(/\s+/)[1] === 'b' ? 'black' : 'red';
  return i % 2 === 0 ? first : other(first);
}

/**
 * The status the player sees: the rules module's, or the player's resignation, or a flag
 * fall (the side whose clock ran out loses, WXF 2018). @returns {GameStatus|null}
 */
function gameStatus() {
  if (!game || !info) return null;
  if (game.resigned && info.status.result === 'ongoing') return { result: other(game.color), reason: 'resignation' };
  if (game.flagged && info.status.result === 'ongoing') return { result: other(game.flagged), reason: 'time_forfeit' };
  return info.status;
}

const isOver = () => gameStatus()?.result !== 'ongoing';

/** Whether the player may move now. */
function canMove() {
  return !!game && !!info && !isOver() && !thinking && info.turn === game.color;
}

/**
 * The number of moves left after a take back, or null when there is nothing to take back
 * (nor on a clock: a move's time and increment are not given back).
 */
function takeBackTo() {
  if (!game || game.resigned || game.flagged || game.clock) return null;
  let n = game.moves.length;
  if (n > 0 && moverOf(n - 1) !== game.color) n -= 1;
  return n > 0 && moverOf(n - 1) === game.color ? n - 1 : null;
}

/** @param {ComputerGame} g */
function computerName(g) {
  return t('computer.name', { level: g.level, name: LEVELS[g.level - 1] });
}

/** The side whose clock runs now, or null (untimed, over, or not yet known). @returns {Color|null} */
function runningSide() {
  return game?.clock && info && !isOver() ? info.turn : null;
}

/** The game's clock as it runs (computer-clock.js); the page keeps the game. */
const gameClock = new RunningClock({
  clock: () => game?.clock ?? null,
  running: runningSide,
  onFlag: (side, clock) => {
    if (!game) return;
    if (side !== game.color) forgetSearch();
    game = { ...game, flagged: side, clock };
    save();
    render();
  },
  onKeep: (clock) => {
    if (!game) return;
    game = { ...game, clock };
    save();
  },
  draw: (clock, running, since) => renderClocks(clock ? { red_ms: clock.redMs, black_ms: clock.blackMs, running } : null,
    isOver(), view.board.orientation, since),
});

/** Asks the rules module about the game, shows it, and lets the engine move if it is its turn. */
async function refresh() {
  if (!game) return;
  const seq = ++requestSeq;
  /** @type {import('./game-view.js').Replayed} */
  let replayed;
  try {
    replayed = await replayStored(game.startFen, game.moves);
  } catch (e) {
    if (seq === requestSeq) showError($('error'), e instanceof Error ? e.message : String(e));
    return;
  }
  if (seq !== requestSeq || !game) return;
  if (replayed.startFen !== game.startFen || replayed.moves.length !== game.moves.length) {
    game = { ...game, startFen: replayed.startFen, moves: replayed.moves };
    save();
  }
  showError($('error'), replayed.problem?.text ?? '', replayed.problem?.problems);
  info = replayed.info;
  render();
  think();
}

/** Shows the game: board, move list, status line, banners, buttons and players. */
function render() {
  const status = gameStatus();
  if (!game || !info || !status) return;
  const over = status.result !== 'ongoing';
  if (!userFlipped) view.board.setOrientation(game.color);
  view.update({
    startFen: game.startFen,
    moves: game.moves,
    wxf: info.wxf,
    chinese: info.chinese,
    fen: info.fen,
    legal: canMove() ? info.legal : [],
    check: info.check,
    status,
  });
  let line;
  if (over) line = statusLine(status, info.turn, info.check);
  else if (info.turn === game.color) line = t(info.check ? 'computer.your-move-check' : 'computer.your-move');
  else if (thinking) line = t(info.check ? 'computer.thinking-check' : 'computer.thinking');
  else line = t('computer.to-move');
  showStatusLine($('status'), status, info.turn, line);
  showResult($('banner'), status);
  showWarning($('warning'), status);
  $('resign').hidden = over;
  /** @type {HTMLButtonElement} */ ($('undo')).disabled = takeBackTo() === null;
  const analyse = /** @type {HTMLAnchorElement} */ ($('analyse'));
  analyse.hidden = !over;
  analyse.href = analysisHref(game.startFen, game.moves);
  renderPlayers();
}

/** The names above and below the board, and the "thinking…" beside the engine's. */
function renderPlayers() {
  if (!game) return;
  const bottom = view.board.orientation;
  for (const [slot, color] of /** @type {[string, Color][]} */ ([['bottom', bottom], ['top', other(bottom)]])) {
    const el = $(`player-${slot}`);
    const mine = color === game.color;
    /** @type {HTMLElement} */ (el.querySelector('.name')).textContent =
      t('computer.seat', { side: Name(color), who: mine ? t('computer.you') : computerName(game) });
    /** @type {HTMLElement} */ (el.querySelector('.dot')).className = `dot ${color}`;
    /** @type {HTMLElement} */ (el.querySelector('.thinking')).hidden = mine || !thinking;
  }
  gameClock.draw();
}

/** Lets the engine move when it is its turn (at most one search at a time). */
async function think() {
  const g = game;
  if (!g || !info || thinking || isOver() || info.turn === g.color) return;
  thinking = true;
  const seq = ++searchSeq;
  render();
  const moves = [...g.moves];
  try {
    const r = await engine.search({
      fen: g.startFen, moves, level: g.level, seed: g.seed,
      movetime: engineThinkTime(LEVEL_MOVETIME_MS[g.level], g.clock, gameClock.left(other(g.color))),
    });
    if (seq !== searchSeq) return;
    thinking = false;
    if (!r.best) {
      render();
      return;
    }
    game = { ...g, moves: [...moves, r.best], clock: gameClock.charge(g.clock, other(g.color)) };
    save();
    refresh();
  } catch (e) {
    if (seq !== searchSeq) return;
    thinking = false;
    showError($('error'), t('computer.could-not-move', { why: e instanceof Error ? e.message : String(e) }));
    render();
  }
}

/** Drops the result of a search still running: the game it was for has changed. */
function forgetSearch() {
  searchSeq += 1;
  thinking = false;
}

/** The player's move. @param {string} m */
function play(m) {
  if (!game || !canMove() || view.viewing !== null) {
    render();
    return;
  }
  game = { ...game, moves: [...game.moves, m], clock: gameClock.charge(game.clock, game.color) };
  save();
  refresh();
}

/** @param {boolean} show */
function showSetup(show) {
  $('setup').hidden = !show;
  $('cancel-setup').hidden = !game;
  const fenNote = $('setup-fen');
  fenNote.hidden = !setupFen;
  fenNote.textContent = !setupFen ? ''
    : t(game && game.moves.length ? 'computer.starts-from-aside' : 'computer.starts-from', { fen: setupFen });
  if (show) /** @type {HTMLSelectElement} */ ($('level')).focus();
}

/** Shows the position the next game starts from, while no game is kept. */
function showPreview() {
  view.board.setPosition({ fen: setupFen ?? START_FEN }, { announce: false });
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
  const inProgress = !!game && game.moves.length > 0 && !!info && !isOver();
  return game && inProgress ? askDiscard(game.moves.length, title, confirm) : Promise.resolve(true);
}

$('setup').addEventListener('submit', async (e) => {
  e.preventDefault();
  if (setupFen) {
    // The link's game does not discard the one in progress: it is set aside.
    if (game && game.moves.length > 0) storeSaved(game);
  } else if (!(await mayDiscard(t('game.ask-new'), t('common.new-game')))) {
    showSetup(false);
    return;
  }
  const level = Number(/** @type {HTMLSelectElement} */ ($('level')).value);
  const chosen = /** @type {HTMLSelectElement} */ ($('color')).value;
  /** @type {Color} */
  const color = chosen === 'random' ? (Math.random() < 0.5 ? 'red' : 'black') : chosen === 'black' ? 'black' : 'red';
  forgetSearch();
  engine.newGame().catch(() => { /* a failed engine says so when it is asked to move */ });
  const seed = crypto.getRandomValues(new Uint32Array(1))[0];
  const clockChoice = /** @type {HTMLSelectElement} */ ($('clock')).value;
  const clock = clockOf(clockChoice);
  game = { startFen: setupFen, moves: [], level, color, seed, resigned: false, clock, flagged: null };
  info = null;
  userFlipped = false;
  gameClock.startTurn();
  save();
  storePrefs(level, chosen, clockChoice);
  if (setupFen) {
    setupFen = null;
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
  game = saved;
  info = null;
  userFlipped = false;
  save();
  storeSaved(null);
  showSaved();
  refresh();
});

$('new-game').addEventListener('click', () => showSetup(true));
$('cancel-setup').addEventListener('click', () => {
  if (setupFen) {
    setupFen = null;
    history.replaceState(null, '', location.pathname);
  }
  showSetup(false);
  if (game && $('game-side').hidden) {
    $('game-side').hidden = false;
    refresh();
  }
});
confirmButton($('resign'), t('game.confirm-resign'), () => {
  if (!game || isOver()) return;
  forgetSearch();
  game = { ...game, resigned: true };
  save();
  render();
});
$('undo').addEventListener('click', () => {
  const n = takeBackTo();
  if (!game || n === null) return;
  forgetSearch();
  game = { ...game, moves: game.moves.slice(0, n) };
  save();
  refresh();
});
$('flip').addEventListener('click', () => {
  userFlipped = true;
  view.board.flip();
  renderPlayers();
});
$('back-to-game').addEventListener('click', () => view.backToGame());
settingsPanel($('settings'));

wireGameMenu($('menu'), {
  startFen: () => game?.startFen ?? START_FEN,
  moves: () => game?.moves ?? [],
  pgn: async () => {
    const status = gameStatus();
    if (!game || !info || !status) return;
    const them = `Computer (level ${game.level}, ${LEVELS[game.level - 1]})`;
    download('xiangqi-computer.pgn', await gamePgn({
      startFen: game.startFen,
      moves: game.moves,
      status,
      event: 'Game against the computer',
      red: game.color === 'red' ? 'You' : them,
      black: game.color === 'black' ? 'You' : them,
    }));
  },
});

const clockSelect = /** @type {HTMLSelectElement} */ ($('clock'));
clockSelect.replaceChildren(...clockOptions());
const prefs = loadPrefs();
if (prefs) {
  if (prefs.level) /** @type {HTMLSelectElement} */ ($('level')).value = String(prefs.level);
  if (prefs.color) /** @type {HTMLSelectElement} */ ($('color')).value = String(prefs.color);
  if (typeof prefs.clock === 'string' && [...clockSelect.options].some((o) => o.value === prefs.clock)) clockSelect.value = prefs.clock;
}
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
game = loadGame();

/** Checks the link's position, then shows the setup (a new game) or the kept game. */
async function start() {
  if (setupFen) {
    try {
      await position(setupFen, []);
    } catch (e) {
      showLinkProblem($('link-problem'), e, game ? t('game.unchanged') : '');
      setupFen = null;
      history.replaceState(null, '', location.pathname);
    }
  }
  if (setupFen || !game) {
    showPreview();
    showSetup(true);
  }
  if (game && !setupFen) {
    $('game-side').hidden = false;
    showSaved();
    refresh();
  }
}
start();
