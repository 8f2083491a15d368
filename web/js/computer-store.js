// @ts-check
/**
 * @file What /computer keeps in localStorage: the game in progress
 * (`xiangqi.computer.game`, with its clock), the game a `?fen=` link's game set aside
 * (`xiangqi.computer.saved`) and the last level and colour chosen
 * (`xiangqi.computer.prefs`). A stored game is checked field by field when read back: one
 * another version or another hand wrote reads as no game.
 */

import { loadJSON, saveJSON } from './api.js';
import { parseClock } from './computer-clock.js';

/** @typedef {'red'|'black'} Color */

/**
 * A game against the computer as it is kept in localStorage.
 * @typedef {object} ComputerGame
 * @property {string|null} startFen null: the start position
 * @property {string[]} moves ICCS
 * @property {number} level 1–5
 * @property {Color} color the player's colour (the engine plays the other)
 * @property {number} seed the level's noise seed, fresh for every game
 * @property {boolean} resigned the player resigned
 * @property {GameClock|null} clock the game's clock (null: untimed)
 * @property {Color|null} flagged the side whose time ran out (it lost), if one did
 */

/** @typedef {import('./computer-clock.js').GameClock} GameClock */

const STORE = 'xiangqi.computer.game';
const PREFS = 'xiangqi.computer.prefs';
/** The game a `?fen=` link's game set aside. */
const SAVED = 'xiangqi.computer.saved';
/** The room and seat the page kept when it played on the server (removed when read). */
const OLD_STORE = 'xiangqi.computer';

/** @param {unknown} v @returns {ComputerGame|null} */
function parseStored(v) {
  if (!v || typeof v !== 'object') return null;
  const g = /** @type {Record<string, unknown>} */ (v);
  const moves = g.moves;
  if (!Array.isArray(moves) || !moves.every((m) => typeof m === 'string')) return null;
  const level = Number(g.level);
  if (!(level >= 1 && level <= 5)) return null;
  if (g.color !== 'red' && g.color !== 'black') return null;
  const clock = parseClock(g.clock);
  return {
    startFen: typeof g.startFen === 'string' ? g.startFen : null,
    moves,
    level: Math.round(level),
    color: g.color,
    seed: Number.isSafeInteger(g.seed) && Number(g.seed) >= 0 ? Number(g.seed) : 1,
    resigned: g.resigned === true,
    clock,
    // Only a side whose time is at zero on the game's clock has lost on time.
    flagged: (g.flagged === 'red' && clock?.redMs === 0) || (g.flagged === 'black' && clock?.blackMs === 0)
      ? g.flagged : null,
  };
}

/** @returns {ComputerGame|null} the game in progress, forgetting what an older page kept */
export function loadGame() {
  saveJSON(OLD_STORE, null);
  return parseStored(loadJSON(STORE));
}

/** @param {ComputerGame|null} game the game in progress (null: none) */
export function storeGame(game) {
  saveJSON(STORE, game);
}

/** @returns {ComputerGame|null} the game set aside by a link's game */
export function loadSaved() {
  return parseStored(loadJSON(SAVED));
}

/** @param {ComputerGame|null} game the game to set aside (null: forget it) */
export function storeSaved(game) {
  saveJSON(SAVED, game);
}

/**
 * @returns {{level?: unknown, color?: unknown, clock?: unknown}|null} the level, colour and
 *   clock last chosen, as stored (the setup form's selects take only their own values)
 */
export function loadPrefs() {
  const p = loadJSON(PREFS);
  return p && typeof p === 'object' ? p : null;
}

/**
 * @param {number} level 1–5
 * @param {string} color 'red', 'black' or 'random'
 * @param {string} clock the clock select's value: '' (untimed) or `minutes+seconds`
 */
export function storePrefs(level, color, clock) {
  saveJSON(PREFS, { level, color, clock });
}
