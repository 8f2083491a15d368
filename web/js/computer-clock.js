// @ts-check
/**
 * @file The clock of a game against the computer (/computer), kept in the page: Fischer
 * increments, the time a side has left, what a move costs, and how long the engine may think
 * on it. Not rated; a flag fall loses (WXF 2018). The stored clock (computer-store.js) holds
 * each side's time when its turn last ended; the side to move's runs from when the page
 * began its turn, so a closed page stops both clocks.
 */

import { t } from './i18n.js';

/** @typedef {'red'|'black'} Color */

/**
 * The clock of a timed game: Fischer increments, the time left to each side when its turn
 * last ended (the side to move's runs from when this page began its turn: a closed page
 * stops both clocks).
 * @typedef {object} GameClock
 * @property {number} initialMs each side's time at the start, 1 minute to 3 hours
 * @property {number} incrementMs added to a side's time after each of its moves, up to 60 s
 * @property {number} redMs
 * @property {number} blackMs
 */

/** The time controls offered, as [minutes, increment in seconds] (lichess's presets). */
export const CLOCK_PRESETS = /** @type {const} */ ([[1, 0], [3, 2], [5, 3], [10, 5], [15, 10], [30, 0]]);

/**
 * A new clock of `minutes` + `seconds` a move.
 * @param {number} minutes
 * @param {number} seconds
 * @returns {GameClock}
 */
export function newClock(minutes, seconds) {
  const ms = minutes * 60_000;
  return { initialMs: ms, incrementMs: seconds * 1000, redMs: ms, blackMs: ms };
}

/** @param {unknown} v @returns {GameClock|null} a stored clock, or null where it is not one */
export function parseClock(v) {
  if (!v || typeof v !== 'object') return null;
  const c = /** @type {Record<string, unknown>} */ (v);
  const ms = (/** @type {unknown} */ x, /** @type {number} */ max) => (typeof x === 'number' && Number.isFinite(x) && x >= 0 && x <= max ? x : null);
  const initialMs = ms(c.initialMs, 3 * 3_600_000);
  const incrementMs = ms(c.incrementMs, 60_000);
  const redMs = ms(c.redMs, 4 * 3_600_000);
  const blackMs = ms(c.blackMs, 4 * 3_600_000);
  if (initialMs === null || initialMs < 60_000 || incrementMs === null || redMs === null || blackMs === null) return null;
  return { initialMs, incrementMs, redMs, blackMs };
}

/**
 * The clock select's choices, in the page's words: untimed (value ''), then each preset
 * (value `minutes+seconds`).
 * @returns {HTMLOptionElement[]}
 */
export function clockOptions() {
  return [new Option(t('time.untimed'), ''), ...CLOCK_PRESETS.map(([m, s]) => {
    const initial = t('time.min', { n: m });
    return new Option(s ? t('time.plus', { initial, n: s }) : initial, `${m}+${s}`);
  })];
}

/**
 * The clock of a select's value: null for '' (untimed) or anything that is not a preset.
 * @param {string} value
 * @returns {GameClock|null}
 */
export function clockOf(value) {
  const preset = CLOCK_PRESETS.find(([m, s]) => `${m}+${s}` === value);
  return preset ? newClock(preset[0], preset[1]) : null;
}

/**
 * The milliseconds `color` has left at `now`: its stored time, less the time since its turn
 * began (`turnStartedAt`) while its clock runs.
 * @param {GameClock} clock
 * @param {Color} color
 * @param {boolean} running its clock runs now
 * @param {number} turnStartedAt performance.now() when its turn began
 * @param {number} now performance.now()
 */
export function timeLeft(clock, color, running, turnStartedAt, now) {
  const stored = color === 'red' ? clock.redMs : clock.blackMs;
  return running ? stored - (now - turnStartedAt) : stored;
}

/**
 * The clock once `mover`, who had `leftMs` when it moved, has moved: the increment added.
 * @param {GameClock} clock
 * @param {Color} mover
 * @param {number} leftMs
 * @returns {GameClock}
 */
export function afterMove(clock, mover, leftMs) {
  return withTime(clock, mover, Math.max(0, leftMs) + clock.incrementMs);
}

/**
 * The clock with `side`'s time set to `ms`.
 * @param {GameClock} clock
 * @param {Color} side
 * @param {number} ms
 * @returns {GameClock}
 */
function withTime(clock, side, ms) {
  return side === 'red' ? { ...clock, redMs: ms } : { ...clock, blackMs: ms };
}

/**
 * The engine's think time in milliseconds: its level's, or less on a clock (a thirtieth of
 * what it has left plus three quarters of the increment, at least 20 ms), so that it does
 * not lose on time by thinking.
 * @param {number} levelMs the level's think time
 * @param {GameClock|null} clock
 * @param {number} leftMs the engine's time left
 */
export function engineThinkTime(levelMs, clock, leftMs) {
  if (!clock) return levelMs;
  return Math.max(20, Math.min(levelMs, Math.floor(leftMs / 30 + clock.incrementMs * 0.75)));
}

/**
 * The clock of the page's game as it runs: when the side to move began its turn, the time a
 * side has left now, what a move costs, and the count down (five times a second, from the
 * page) that ends the game when a side's time runs out. It keeps no game: `page` hands it the
 * kept clock and the running side, and takes back a changed clock.
 */
export class RunningClock {
  /**
   * @param {{clock: () => GameClock|null, running: () => Color|null,
   *   onFlag: (side: Color, clock: GameClock) => void, onKeep: (clock: GameClock) => void,
   *   draw: (clock: GameClock|null, running: Color|null, turnStartedAt: number) => void}} page
   *   `clock` the kept clock (null: untimed); `running` the side whose clock runs (null: none,
   *   the game is over); `onFlag` `side`'s time ran out (the clock at zero); `onKeep` keep
   *   this clock with the game; `draw` show the clocks
   */
  constructor(page) {
    this.page = page;
    /** performance.now() when the side to move began its turn in this page. */
    this.turnStartedAt = performance.now();
  }

  /** The side to move begins its turn now. */
  startTurn() {
    this.turnStartedAt = performance.now();
  }

  /**
   * The milliseconds `color` has left now (Infinity in an untimed game).
   * @param {Color} color
   */
  left(color) {
    const c = this.page.clock();
    return c ? timeLeft(c, color, this.page.running() === color, this.turnStartedAt, performance.now()) : Infinity;
  }

  /**
   * `clock` once `mover` has moved now (its turn's time off, the increment on); the next
   * turn starts now.
   * @param {GameClock|null} clock
   * @param {Color} mover
   */
  charge(clock, mover) {
    const after = clock ? afterMove(clock, mover, this.left(mover)) : null;
    this.startTurn();
    return after;
  }

  /**
   * Hands the page the clock with `side`'s time left now, for the kept game (so that a
   * reload does not give back the time spent on the move); the turn goes on from here.
   * @param {Color} side the side whose clock runs
   */
  keep(side) {
    const c = this.page.clock();
    if (!c) return;
    const left = this.left(side);
    this.startTurn();
    this.page.onKeep(withTime(c, side, left));
  }

  /** Counts down: a flag fall, else the time kept about once a second, and the clocks shown. */
  tick() {
    const c = this.page.clock();
    if (!c) return;
    const side = this.page.running();
    if (side && this.left(side) <= 0) {
      this.page.onFlag(side, withTime(c, side, 0));
      return;
    }
    if (side && performance.now() - this.turnStartedAt >= 1000) this.keep(side);
    this.draw();
  }

  /** Shows the clocks as they stand. */
  draw() {
    this.page.draw(this.page.clock(), this.page.running(), this.turnStartedAt);
  }
}
