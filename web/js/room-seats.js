// @ts-check
/**
 * @file The two seats of a room beside the board: each player's side, name, connection and
 * the computer's "thinking" mark, the watchers' count, the match score, and the clocks,
 * counted down locally from the server's last reading. Expects `#player-top` and
 * `#player-bottom` (with `.name`, `.pname`, `.dot`, `.conn`, `.thinking`, `.clock`),
 * `#watchers` and `#match-score` (see play.html).
 */

import { t } from './i18n.js';
import { sideName } from './room-notices.js';

/** @typedef {import('./api.js').GameSnapshot} GameSnapshot */

/** @param {'red'|'black'} c @returns {'red'|'black'} */
export const other = (c) => (c === 'red' ? 'black' : 'red');

/**
 * Writes a clock: `m:ss`, and tenths under ten seconds (`0:09.4`).
 * @param {number} ms
 */
function formatClock(ms) {
  const left = Math.max(0, ms);
  const s = Math.floor(left / 1000);
  const m = Math.floor(s / 60);
  const sec = String(s % 60).padStart(2, '0');
  if (left < 10000) return `${m}:${sec}.${Math.floor((left % 1000) / 100)}`;
  return `${m}:${sec}`;
}

/**
 * Writes a countdown in whole seconds, rounded up: `1:00`, `0:09`.
 * @param {number} ms
 */
export function formatCountdown(ms) {
  const s = Math.ceil(Math.max(0, ms) / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/**
 * The seats' elements with the colour each shows: `bottom` is the board's lower side.
 * @param {'red'|'black'} bottom
 * @returns {[HTMLElement, 'red'|'black'][]}
 */
function seats(bottom) {
  /** @type {[HTMLElement, 'red'|'black'][]} */
  const out = [];
  for (const [slot, color] of /** @type {[string, 'red'|'black'][]} */ ([['bottom', bottom], ['top', other(bottom)]])) {
    const el = document.getElementById(`player-${slot}`);
    if (el) out.push([el, color]);
  }
  return out;
}

/**
 * The words naming a seat: its side, and "you" or the computer with its level.
 * @param {GameSnapshot} g
 * @param {'red'|'black'} color
 * @param {'red'|'black'|null} you
 * @param {string[]} levelNames the computer's level names, level 1 first
 */
function seatText(g, color, you, levelNames) {
  const side = sideName(color);
  if (g.players[color].computer) {
    return t('computer.seat', {
      side,
      who: g.computer ? t('computer.name', { level: g.computer.level, name: levelNames[g.computer.level - 1] ?? '' }) : t('room.computer'),
    });
  }
  return color === you ? t('computer.seat', { side, who: t('computer.you') }) : side;
}

/**
 * Writes points as a match score does: `0`, `½`, `1`, `1½`.
 * @param {number} points
 */
export function formatPoints(points) {
  const whole = Math.floor(points);
  const half = points - whole >= 0.5;
  return whole === 0 && half ? '½' : `${whole}${half ? '½' : ''}`;
}

/**
 * Shows the score of the room's match once a round has finished: the player's own points
 * first ("you 1½, your opponent ½"), or Red's and Black's to a watcher.
 * @param {GameSnapshot} g
 * @param {'red'|'black'|null} you
 */
function renderMatchScore(g, you) {
  const el = document.getElementById('match-score');
  if (!el) return;
  const score = g.match_score;
  el.hidden = !score || !g.finished_rounds;
  if (!score || el.hidden) return;
  el.textContent = you
    ? t('room.match-you', { you: formatPoints(score[you]), them: formatPoints(score[other(you)]) })
    : t('room.match-watch', { red: formatPoints(score.red), black: formatPoints(score.black) });
}

/**
 * Shows both seats, the watchers' count and the match score (the clocks: {@link renderClocks}).
 * @param {GameSnapshot} g
 * @param {{bottom: 'red'|'black', you: 'red'|'black'|null, levelNames: string[]}} at
 */
export function renderSeats(g, { bottom, you, levelNames }) {
  const watchers = document.getElementById('watchers');
  if (watchers) {
    const n = g.watchers ?? 0;
    watchers.hidden = n === 0;
    watchers.textContent = t(n === 1 ? 'room.one-watcher' : 'room.watchers', { n });
  }
  renderMatchScore(g, you);
  for (const [el, color] of seats(bottom)) {
    const p = g.players[color];
    /** @type {HTMLElement} */ (el.querySelector('.name')).textContent = seatText(g, color, you, levelNames);
    // The player's own choice of words: shown as text, never as markup.
    const pname = el.querySelector('.pname');
    if (pname) pname.textContent = p.name && !p.computer ? p.name : '';
    /** @type {HTMLElement} */ (el.querySelector('.dot')).className = `dot ${color}`;
    const conn = /** @type {HTMLElement} */ (el.querySelector('.conn'));
    conn.textContent = p.computer ? '' : !p.seated ? t('room.seat-free') : t(p.connected ? 'room.connected' : 'room.away');
    conn.className = p.computer || !p.seated ? 'conn' : `conn ${p.connected ? 'on' : 'off'}`;
    const thinking = /** @type {HTMLElement} */ (el.querySelector('.thinking'));
    thinking.hidden = !(p.computer && g.status.result === 'ongoing' && g.turn === color);
  }
}

/**
 * Shows both clocks (hidden in a game without one): the running side's counted down from
 * the reading taken at `readAt` (performance.now()). Also the clocks of a game against the
 * computer (computer.js), kept in the page.
 * @param {{red_ms: number, black_ms: number, running?: 'red'|'black'|null}|null|undefined} clocks
 * @param {boolean} over the game has ended (no clock runs)
 * @param {'red'|'black'} bottom
 * @param {number} readAt
 */
export function renderClocks(clocks, over, bottom, readAt) {
  for (const [el, color] of seats(bottom)) {
    const clock = el.querySelector('.clock');
    if (!(clock instanceof HTMLElement)) continue;
    if (!clocks) {
      clock.hidden = true;
      continue;
    }
    clock.hidden = false;
    let ms = color === 'red' ? clocks.red_ms : clocks.black_ms;
    const running = clocks.running === color && !over;
    if (running) ms -= performance.now() - readAt;
    clock.textContent = formatClock(ms);
    clock.classList.toggle('running', running);
    clock.classList.toggle('low', ms < 20000);
    clock.setAttribute('aria-label', t('room.clock', { side: sideName(color), time: formatClock(ms) }));
  }
}
