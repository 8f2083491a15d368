// @ts-check
/**
 * @file A game's status in words on the game pages (/local, /computer, /play/{code},
 * /replay, /analysis):
 * - `describeStatus(status)`: the result in words (checkmate, perpetual check with the
 *   ruling's explanation, time, agreement, resignation, …); a repetition is explained from
 *   the status's `cycle` in the notation the player chose (cycle.js);
 * - `showResult(el, status)` / `showWarning(el, status)`: the result banner and the
 *   rule-set warning bar, rewritten when the player changes the notation;
 * - `statusLine`, `showStatusLine`: the line that says whose turn it is or how it ended;
 * - `showViewing`: the "viewing an earlier position" bar.
 */

import { getNotation, onNotationChange } from './notation.js';
import { explanationOf, warningOf } from './cycle.js';
import { sideWord } from './speech.js';
import { t } from './i18n.js';

/** @typedef {import('./api.js').GameStatus} GameStatus */

/** @param {string|null|undefined} c */
const Name = (c) => (c === 'red' || c === 'black' ? sideWord(c) : '');

/** @param {string} c */
const other = (c) => (c === 'red' ? 'black' : 'red');

/**
 * The result in words.
 * @param {GameStatus} status
 * @returns {{title: string, detail: string}}
 */
export function describeStatus(status) {
  const w = status.result;
  const winner = Name(w);
  const loser = w === 'red' || w === 'black' ? Name(other(w)) : '';
  const expl = explanationOf(status, getNotation());
  /** @type {Record<string, () => string>} */
  const words = {
    checkmate: () => t('result.checkmate', { winner }),
    no_legal_moves: () => t('result.no_legal_moves', { winner, loser }),
    resignation: () => t('result.resignation', { winner, loser }),
    time_forfeit: () => t('result.time_forfeit', { winner, loser }),
    perpetual_check: () => t('result.perpetual_check', { winner, loser }),
    perpetual_chase: () => t('result.perpetual_chase', { winner, loser }),
    repetition: () => t('result.repetition'),
    move_limit: () => t('result.move_limit'),
    insufficient_material: () => t('result.insufficient_material'),
    agreement: () => t('result.agreement'),
    abandonment: () => t('result.abandonment', { winner, loser }),
    aborted: () => t('result.aborted'),
  };
  let title;
  if (w === 'ongoing') title = '';
  else if (status.reason && words[status.reason]) title = words[status.reason]();
  else if (w === 'draw') title = t('result.draw');
  else title = t('result.wins', { winner });
  return { title, detail: expl };
}

/** The banners and warning bars shown, each with how to write it again. */
/** @type {Map<HTMLElement, () => void>} */
const shown = new Map();
onNotationChange(() => {
  for (const [el, write] of shown) {
    if (el.isConnected) write();
    else shown.delete(el);
  }
});

/**
 * Shows (or hides, while the game goes on) the result banner.
 * @param {HTMLElement} el
 * @param {GameStatus} status
 */
export function showResult(el, status) {
  shown.set(el, () => writeResult(el, status));
  writeResult(el, status);
}

/**
 * Writes the result banner in the notation chosen now.
 * @param {HTMLElement} el
 * @param {GameStatus} status
 */
function writeResult(el, status) {
  if (status.result === 'ongoing') {
    el.hidden = true;
    el.textContent = '';
    return;
  }
  const { title, detail } = describeStatus(status);
  const key = `${status.result}|${status.reason}|${detail}`;
  if (!el.hidden && el.dataset.key === key) return;
  el.dataset.key = key;
  el.className = `banner result-${status.result}`;
  el.innerHTML = '';
  const h = document.createElement('strong');
  h.className = 'banner-title';
  h.textContent = title;
  el.appendChild(h);
  if (detail && detail !== title) {
    const p = document.createElement('span');
    p.className = 'banner-detail';
    p.textContent = detail;
    el.appendChild(p);
  }
  el.hidden = false;
}

/**
 * Shows the rule-set warning of a status (e.g. "Repeating once more loses: Red must play a
 * move that does not give check"), or hides the bar.
 * @param {HTMLElement} el
 * @param {GameStatus} status
 */
export function showWarning(el, status) {
  const write = () => {
    const warning = warningOf(status, getNotation());
    el.hidden = !warning;
    el.textContent = warning ? `⚠ ${warning}` : '';
  };
  shown.set(el, write);
  write();
}

/**
 * The status line: whose turn, check, or the result.
 * @param {GameStatus} status
 * @param {'red'|'black'} turn
 * @param {boolean} check
 */
export function statusLine(status, turn, check) {
  if (status.result !== 'ongoing') return t('game.over', { result: describeStatus(status).title });
  return t(check ? 'game.to-move-check' : 'game.to-move', { side: Name(turn) });
}

/**
 * Writes the status line (`.dot` and `.text` inside `el`): the dot takes the colour of the
 * side to move, or of the winner once the game is over.
 * @param {HTMLElement} el
 * @param {GameStatus} status
 * @param {'red'|'black'} turn
 * @param {string} text
 */
export function showStatusLine(el, status, turn, text) {
  const over = status.result !== 'ongoing';
  const dot = /** @type {HTMLElement} */ (el.querySelector('.dot'));
  dot.className = `dot ${over ? (status.result === 'black' ? 'black' : 'red') : turn}`;
  /** @type {HTMLElement} */ (el.querySelector('.text')).textContent = text;
}

/**
 * Shows or hides the bar that says an earlier position is on the board (`ply` null: the
 * live one); its first child holds the text.
 * @param {HTMLElement|null} el
 * @param {number|null} ply
 */
export function showViewing(el, ply) {
  if (!el) return;
  el.hidden = ply === null;
  /** @type {HTMLElement} */ (el.firstElementChild).textContent =
    ply === 0 ? t('game.viewing-start') : t('game.viewing-after', { ply: ply ?? 0 });
}
