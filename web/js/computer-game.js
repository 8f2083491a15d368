// @ts-check
/**
 * @file What a game against the computer (as computer-store.js keeps it) means: who plays
 * each ply, the status the player sees (the rules module's, a resignation or a flag fall),
 * how far a take back goes, and the computer's name at its level. Pure functions of the kept
 * game and the rules module's answer for it; the page (computer.js) shows them.
 */

import { t } from './i18n.js';
import { START_FEN } from './fen.js';

/** @typedef {'red'|'black'} Color */
/** @typedef {import('./computer-store.js').ComputerGame} ComputerGame */
/** @typedef {import('./api.js').PositionInfo} PositionInfo */
/** @typedef {import('./api.js').GameStatus} GameStatus */

/** The levels' names in the page's language, level 1 (Beginner) first. */
export const LEVEL_NAMES = ['beginner', 'easy', 'normal', 'hard', 'hardest'].map((l) => t(`computer.level-${l}`));

/** @param {Color} c @returns {Color} */
export const other = (c) => (c === 'red' ? 'black' : 'red');

/**
 * The side that plays ply `i` (0: the first move) of `game`.
 * @param {ComputerGame} game
 * @param {number} i
 * @returns {Color}
 */
export function moverOf(game, i) {
  const first = (game.startFen ?? START_FEN).trim().split(/\s+/)[1] === 'b' ? 'black' : 'red';
  return i % 2 === 0 ? first : other(first);
}

/**
 * The status the player sees: the rules module's, or the player's resignation, or a flag
 * fall (the side whose clock ran out loses, WXF 2018).
 * @param {ComputerGame} game
 * @param {PositionInfo} info the rules module's answer for the game's moves
 * @returns {GameStatus}
 */
export function statusOf(game, info) {
  if (game.resigned && info.status.result === 'ongoing') return { result: other(game.color), reason: 'resignation' };
  if (game.flagged && info.status.result === 'ongoing') return { result: other(game.flagged), reason: 'time_forfeit' };
  return info.status;
}

/**
 * The number of moves left after a take back (the player's last move and the reply to it),
 * or null when there is nothing to take back: no move of the player's yet, a resignation,
 * a flag fall, or a clock (a move's time and increment are not given back).
 * @param {ComputerGame} game
 * @returns {number|null}
 */
export function takeBackTo(game) {
  if (game.resigned || game.flagged || game.clock) return null;
  let n = game.moves.length;
  if (n > 0 && moverOf(game, n - 1) !== game.color) n -= 1;
  return n > 0 && moverOf(game, n - 1) === game.color ? n - 1 : null;
}

/**
 * The computer's name at the game's level, e.g. "Computer (level 3, Normal)".
 * @param {ComputerGame} game
 */
export function computerName(game) {
  return t('computer.name', { level: game.level, name: LEVEL_NAMES[game.level - 1] });
}
