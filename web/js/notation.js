// @ts-check
/**
 * @file The move notation the player chose (ICCS, WXF or Chinese; until one is chosen, the
 * page's language decides: Chinese for zh-Hans and zh-Hant, WXF for the others), kept in
 * localStorage under `xiangqi.notation` and shared by every part of a page that writes moves:
 * the move list sets it, and the move list, the result banner, the warning bar and the rules
 * guide write moves in it. Listeners hear every change, also one made in another tab.
 *
 * ```js
 * onNotationChange((n) => render(n));
 * setNotation('chinese');
 * ```
 */

import { lang } from './i18n.js';

/** @typedef {'wxf'|'iccs'|'chinese'} Notation */

/** The localStorage key of the chosen notation. */
export const NOTATION_KEY = 'xiangqi.notation';

/** @type {Set<(n: Notation) => void>} */
const listeners = new Set();

/** The notation of a player who chose none: Chinese for Chinese, else WXF. @type {Notation} */
export const DEFAULT_NOTATION = lang.startsWith('zh') ? 'chinese' : 'wxf';

/** The choice when localStorage is unavailable (private mode). @type {Notation} */
let memory = DEFAULT_NOTATION;

/**
 * Reads a stored notation name; anything else (none stored) is the language's default.
 * @param {unknown} n
 * @returns {Notation}
 */
const parse = (n) => (n === 'iccs' || n === 'chinese' || n === 'wxf' ? n : DEFAULT_NOTATION);

/**
 * Returns the notation the player chose.
 * @returns {Notation}
 */
export function getNotation() {
  try {
    return parse(localStorage.getItem(NOTATION_KEY));
  } catch {
    return memory;
  }
}

/**
 * Chooses the notation, remembers it and tells every listener.
 * @param {Notation} n
 */
export function setNotation(n) {
  memory = parse(n);
  try {
    localStorage.setItem(NOTATION_KEY, memory);
  } catch {
    /* kept for this page only */
  }
  for (const f of [...listeners]) f(memory);
}

/**
 * Calls `listener` whenever the notation changes; returns a function that stops it.
 * @param {(n: Notation) => void} listener
 * @returns {() => void}
 */
export function onNotationChange(listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

window.addEventListener('storage', (e) => {
  if (e.key !== NOTATION_KEY) return;
  const n = parse(e.newValue);
  memory = n;
  for (const f of [...listeners]) f(n);
});
