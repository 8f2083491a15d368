// @ts-check
/**
 * @file How the board draws its state onto the SVG that board-draw.js built: each point's
 * piece, classes and markers, its accessible name, and the slide of a moved piece. The
 * `Board` (board.js) calls these after every change of its state.
 *
 * ## DOM hooks (relied on by browser tests)
 * - every intersection: `<g data-square="e3">` (click it to select / move there);
 * - a piece: `<g data-piece="N">` (FEN letter, uppercase Red `K A B N R C P`, lowercase Black);
 * - a destination marker: `data-dest="e3"`, with class `capture` when it is a ring;
 * - classes on points: `selected`, `last`, `check`, `movable`.
 *
 */

import { format } from './i18n.js';
import { speech } from './speech.js';
import { colorOf, pieceName } from './fen.js';
import { R_PIECE, el, makePiece } from './board-draw.js';

/** @typedef {import('./board.js').Board} Board */

/**
 * Whether `after` is `before` with the piece on the first square of `mv` moved to its
 * second (taking what stood there): the one move a slide can show.
 * @param {Map<string, string>} before
 * @param {Map<string, string>} after
 * @param {string} mv ICCS
 */
export function isStep(before, after, mv) {
  const from = mv.slice(0, 2);
  const to = mv.slice(2, 4);
  const p = before.get(from);
  if (!p || after.get(to) !== p || after.has(from)) return false;
  if (after.size !== before.size - (before.has(to) ? 1 : 0)) return false;
  for (const [sq, l] of after) if (sq !== to && before.get(sq) !== l) return false;
  return true;
}

/**
 * The accessible name of a point, also its hover title and the caption under the board:
 * "e4, Red horse", "e5, empty", plus its states (selected, legal move, capture, last move,
 * in check) in the page's language (speech.js).
 * @param {Board} board
 * @param {string} sq
 * @returns {string}
 */
export function pointLabel(board, sq) {
  const s = speech();
  const p = board._pieces.get(sq);
  const parts = [format(s.point, { square: sq, what: p ? pieceName(p) : s.empty })];
  const states = s.pointStates;
  if (sq === board._selected) parts.push(states.selected);
  if (board._selected && board._legal.includes(board._selected + sq)) parts.push(p ? states.capture : states.legal);
  if (board._lastMove && (board._lastMove.startsWith(sq) || board._lastMove.endsWith(sq))) parts.push(states.last);
  if (board._check && p && p.toLowerCase() === 'k' && colorOf(p) === board._turn) parts.push(states.check);
  return parts.join(s.stateSep);
}

/**
 * Brings every point up to date with the board's state: its piece (drawn in the board's
 * piece style), classes, destination marker, accessible name and tab stop; and the caption
 * while the board has focus. Markers and pieces that did not change are kept.
 * @param {Board} board
 */
export function renderBoard(board) {
  const dests = new Set(board._selected ? board._destsFrom(board._selected) : []);
  const from = board._lastMove?.slice(0, 2);
  const to = board._lastMove?.slice(2, 4);
  for (const [sq, p] of board._points) {
    const letter = board._pieces.get(sq);
    let piece = /** @type {SVGGElement|null} */ (p.querySelector('.piece'));
    if (piece && piece.getAttribute('data-piece') !== letter) {
      piece.remove();
      piece = null;
    }
    if (!piece && letter) {
      piece = makePiece(letter, board._style);
      p.insertBefore(piece, p.querySelector('.focus'));
    }
    const isCheck = board._check && !!letter && letter.toLowerCase() === 'k' && colorOf(letter) === board._turn;
    p.classList.toggle('last', sq === from || sq === to);
    p.classList.toggle('selected', sq === board._selected);
    p.classList.toggle('check', isCheck);
    p.classList.toggle('movable', board._canSelect(sq) && board._destsFrom(sq).length > 0);
    p.classList.toggle('dest', dests.has(sq));
    // Markers are kept when unchanged: removing the element under a pressed pointer would
    // swallow the click that follows.
    const want = dests.has(sq) ? (letter ? 'dest-ring capture' : 'dest-dot') : null;
    const marker = p.querySelector('[data-dest]');
    if (marker && marker.getAttribute('class') !== want) marker.remove();
    if (want && (!marker || marker.getAttribute('class') !== want)) {
      const m = letter
        ? el('circle', { class: want, r: R_PIECE + 2, 'data-dest': sq })
        : el('circle', { class: want, r: 9, 'data-dest': sq });
      p.insertBefore(m, p.querySelector('.focus'));
    }
    const label = board._label(sq);
    p.setAttribute('aria-label', label);
    const title = p.querySelector('title');
    if (title) title.textContent = label;
    p.setAttribute('tabindex', sq === board._focusSq ? '0' : '-1');
    if (sq === board._selected) p.setAttribute('aria-selected', 'true');
    else p.removeAttribute('aria-selected');
  }
  if (board._caption && document.activeElement && board.svg?.contains(document.activeElement)) {
    board._caption.textContent = board._label(board._focusSq);
  }
}

/**
 * Slides the piece that `mv` (ICCS) moved from its old point to its new one, for 150 ms;
 * nothing under `prefers-reduced-motion: reduce`.
 * @param {Board} board
 * @param {string} mv
 */
export function slide(board, mv) {
  if (window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) return;
  const piece = board._points.get(mv.slice(2, 4))?.querySelector('.piece');
  if (!piece || typeof piece.animate !== 'function') return;
  const [x0, y0] = board._xy(mv.slice(0, 2));
  const [x1, y1] = board._xy(mv.slice(2, 4));
  piece.animate(
    [{ transform: `translate(${x0 - x1}px, ${y0 - y1}px)` }, { transform: 'translate(0px, 0px)' }],
    { duration: 150, easing: 'ease-out' },
  );
}
