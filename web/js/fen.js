// @ts-check
/**
 * @file FEN text on the board's side: the standard start position, the names of points
 * (ICCS, `e3`), reading the board field and side to move of a FEN (`parseFen`, lenient:
 * the rules module and the server validate positions) and writing a board field back
 * (`boardToFen`), and the words for a piece (`pieceName`).
 */

import { pieceWords } from './speech.js';

/** The standard start position. */
export const START_FEN = 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1';

/** The files' letters, a to i from Red's left. */
export const FILES = 'abcdefghi';

/** @typedef {'red'|'black'} Color */

/** The roles of the FEN letters. @type {Record<string, string>} */
const ROLE = { k: 'general', a: 'advisor', b: 'elephant', n: 'horse', r: 'chariot', c: 'cannon', p: 'soldier' };

/**
 * Returns the ICCS name of a point.
 * @param {number} file 0–8 (a–i)
 * @param {number} rank 0–9 (Red's back rank is 0)
 */
export function squareAt(file, rank) {
  return FILES[file] + String(rank);
}

/** @param {string} sq @returns {[number, number]} file, rank */
export function fileRank(sq) {
  return [FILES.indexOf(sq[0]), Number(sq.slice(1))];
}

/**
 * Normalises a FEN piece letter (E/H accepted for elephant/horse) to `K A B N R C P` / lower.
 * @param {string} ch
 * @returns {string|null}
 */
export function normalLetter(ch) {
  const lower = ch.toLowerCase();
  const map = /** @type {Record<string, string>} */ ({ e: 'b', h: 'n' });
  const l = map[lower] ?? lower;
  if (!(l in ROLE)) return null;
  return ch === lower ? l : l.toUpperCase();
}

/** The colour of a FEN letter (uppercase: Red). @param {string} letter @returns {Color} */
export function colorOf(letter) {
  return letter === letter.toUpperCase() ? 'red' : 'black';
}

/**
 * Names a piece: `"Red horse"`.
 * @param {string} letter FEN letter
 */
export function pieceName(letter) {
  return pieceWords(normalLetter(letter) ?? letter);
}

/**
 * Reads the board field and side to move of a FEN. Lenient: the server validates positions.
 * @param {string} fen
 * @returns {{pieces: Map<string, string>, turn: Color}}
 */
export function parseFen(fen) {
  /** @type {Map<string, string>} */
  const pieces = new Map();
  const [field = '', side = 'w'] = fen.trim().split(/\s+/);
  const rows = field.split('/');
  rows.forEach((row, i) => {
    const rank = 9 - i;
    let file = 0;
    for (const ch of row) {
      if (ch >= '0' && ch <= '9') {
        file += Number(ch);
      } else {
        const l = normalLetter(ch);
        if (l && file < 9 && rank >= 0) pieces.set(squareAt(file, rank), l);
        file += 1;
      }
    }
  });
  return { pieces, turn: side === 'b' ? 'black' : 'red' };
}

/**
 * Writes the board field of a FEN for a set of pieces.
 * @param {Map<string, string>} pieces square → FEN letter
 */
export function boardToFen(pieces) {
  const rows = [];
  for (let rank = 9; rank >= 0; rank--) {
    let row = '';
    let empty = 0;
    for (let file = 0; file < 9; file++) {
      const p = pieces.get(squareAt(file, rank));
      if (p) {
        if (empty) row += String(empty);
        empty = 0;
        row += p;
      } else {
        empty += 1;
      }
    }
    if (empty) row += String(empty);
    rows.push(row);
  }
  return rows.join('/');
}
