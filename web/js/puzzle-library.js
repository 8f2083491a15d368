// @ts-check
/**
 * The built-in puzzle library (web/puzzles/library.json, written by `xiangqi puzzles`), the
 * player's progress on it (kept in this browser's localStorage) and the daily puzzle. Shared
 * by the list (/puzzles), the trainer (/puzzles/library/{n}) and the home page.
 */

import { lookup } from './i18n.js';

/**
 * @typedef {object} Branch an accepted solver move, the defence's reply, what follows
 * @property {string} move ICCS
 * @property {string|null} reply ICCS; null when the move ends the puzzle
 * @property {Branch[]} next the accepted moves after the reply; empty when solved
 */

/**
 * @typedef {object} LibraryPuzzle
 * @property {string} fen the position; the side to move solves
 * @property {'mate'|'material'} kind
 * @property {number} moves the solver's moves along the main line
 * @property {number} gain material won (centipawns), 0 for a mate
 * @property {string[]} themes the first is `mate in N` or `material`
 * @property {number} difficulty 1–5
 * @property {string[]} line the main line, ICCS
 * @property {Branch[]} tree the accepted first move and what follows
 * @property {string} source
 */

/**
 * @typedef {object} Library
 * @property {string} command how it was made
 * @property {LibraryPuzzle[]} puzzles puzzle n is puzzles[n - 1]
 */

/**
 * @typedef {object} Progress one puzzle's record in this browser
 * @property {boolean} solved
 * @property {number} attempts wrong moves plus solves
 */

/** localStorage key of the progress: puzzle FEN → {@link Progress}. */
export const PROGRESS_KEY = 'xiangqi.puzzles.progress';

/** The library file, next to this module under the versioned asset path (cached offline). */
const LIBRARY_URL = new URL('../puzzles/library.json', import.meta.url).href;

/** @type {Promise<Library>|null} */
let loaded = null;

/**
 * Loads the library once per page.
 * @returns {Promise<Library>}
 * @throws {Error} when the file cannot be fetched or read
 */
export function loadLibrary() {
  if (!loaded) {
    loaded = fetch(LIBRARY_URL).then(async (r) => {
      if (!r.ok) throw new Error(`the puzzle library could not be loaded (HTTP ${r.status})`);
      const lib = /** @type {Library} */ (await r.json());
      if (!Array.isArray(lib.puzzles)) throw new Error('the puzzle library is not readable');
      return lib;
    });
    loaded.catch(() => { loaded = null; });
  }
  return loaded;
}

/**
 * Reads every puzzle's progress; an unreadable record counts as none.
 * @returns {Record<string, Progress>}
 */
export function allProgress() {
  try {
    const raw = JSON.parse(localStorage.getItem(PROGRESS_KEY) || '{}');
    return raw && typeof raw === 'object' && !Array.isArray(raw) ? raw : {};
  } catch {
    return {};
  }
}

/**
 * Returns one puzzle's progress.
 * @param {string} fen
 * @returns {Progress}
 */
export function progressOf(fen) {
  const p = allProgress()[fen];
  return {
    solved: !!(p && p.solved),
    attempts: p && Number.isFinite(p.attempts) ? Number(p.attempts) : 0,
  };
}

/**
 * Counts an attempt on a puzzle (a wrong move, or the solve when `solved`) and keeps it.
 * @param {string} fen
 * @param {boolean} solved
 * @returns {Progress} the record now kept
 */
export function recordAttempt(fen, solved) {
  const all = allProgress();
  const now = progressOf(fen);
  const next = { solved: now.solved || solved, attempts: now.attempts + 1 };
  all[fen] = next;
  try {
    localStorage.setItem(PROGRESS_KEY, JSON.stringify(all));
  } catch {
    // storage full or disabled: progress is not kept, the puzzle still works
  }
  return next;
}

/**
 * Returns the number (from 1) of the day's puzzle: the days since 1970-01-01 (UTC) taken
 * modulo the library's size, stepped by a prime so neighbouring days differ in difficulty.
 * @param {number} count puzzles in the library
 * @param {Date} [date] default now
 */
export function dailyNumber(count, date = new Date()) {
  const day = Math.floor(date.getTime() / 86400000);
  return count > 0 ? ((day * 97) % count) + 1 : 0;
}

/** The trainer's address of the day's puzzle (see {@link dailyNumber}). */
export const DAILY_URL = '/puzzles/library/daily';

/**
 * Returns the URL of puzzle `n` in the trainer.
 * @param {number} n from 1
 */
export function trainerUrl(n) {
  return `/puzzles/library/${n}`;
}

/**
 * Returns a theme tag of the library (`mate in 2`, `fork`: data, in English) as the page's
 * language names it: the text `puzzles.themes.<tag, spaces as dashes>`, or the tag itself
 * for a tag the files do not have yet.
 * @param {string} tag
 * @returns {string}
 */
export function themeName(tag) {
  const name = lookup(`puzzles.themes.${tag.trim().replace(/\s+/g, '-')}`);
  return typeof name === 'string' ? name : tag;
}
