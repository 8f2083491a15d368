// @ts-check
/**
 * @file How the board takes input: clicks and taps on points, the keyboard (arrow keys
 * between points as seen on screen, Home and End, Enter or Space to select or play, Escape
 * to cancel), drag and drop with pointer events (mouse, pen and touch), and the caption that
 * names the point under focus or the mouse. `listenTo(board)` attaches it all and stops
 * with the board's `destroy()`.
 *
 * Keyboard and screen readers: the board is an ARIA grid (`<svg role="grid">` named by `label`, role description
 * "board"): ten `role="row"` ranks of nine `role="gridcell"` points, in the order seen on
 * screen (top rank first, so they are reordered when the board turns). Tab reaches the board
 * (one point is focusable: roving tabindex); arrow keys move between points as seen on
 * screen; Enter/Space selects a piece or plays to the focused point; Escape cancels a
 * selection. Every point's accessible name ("e4, Red horse", "e5, empty", plus "selected",
 * "legal move", "capture", "last move", "in check") is also its hover title and is shown
 * under the board while it has focus; the selected point has `aria-selected="true"`; the
 * drawings of the pieces are hidden from the accessibility tree (the names say them). The
 * words come from speech.js, and so does the page's live region that says the moves.
 */

import { S } from './board-draw.js';
import { format } from './i18n.js';
import { speech } from './speech.js';
import { pieceName } from './fen.js';

/** @typedef {import('./board.js').Board} Board */

/**
 * Attaches the board's input listeners to its SVG; they go when the board is destroyed.
 * @param {Board} board
 */
export function listenTo(board) {
  const svg = /** @type {SVGSVGElement} */ (board.svg);
  board._abort = new AbortController();
  const signal = board._abort.signal;

  /** @param {EventTarget|null} t */
  const pointOf = (t) => {
    const e = t instanceof Element ? t.closest('[data-square]') : null;
    return e ? /** @type {string} */ (e.getAttribute('data-square')) : null;
  };

  svg.addEventListener('click', (e) => {
    if (board._suppressClick) {
      board._suppressClick = false;
      return;
    }
    const sq = pointOf(e.target);
    if (sq) {
      board._focusSq = sq;
      board._activate(sq);
    }
  }, { signal });

  svg.addEventListener('keydown', (e) => {
    const sq = board._focusSq;
    const [x, y] = board._xy(sq);
    let nx = x;
    let ny = y;
    switch (e.key) {
      case 'ArrowLeft': nx -= S; break;
      case 'ArrowRight': nx += S; break;
      case 'ArrowUp': ny -= S; break;
      case 'ArrowDown': ny += S; break;
      case 'Home': nx = 0; break;
      case 'End': nx = 8 * S; break;
      case 'Enter':
      case ' ':
        e.preventDefault();
        board._activate(sq);
        return;
      case 'Escape':
        if (board._selected) {
          board._selected = null;
          board._render();
          e.preventDefault();
        }
        return;
      default:
        return;
    }
    e.preventDefault();
    const next = board._squareAtXY(nx, ny);
    if (next) board._moveFocus(next);
  }, { signal });

  svg.addEventListener('focusin', (e) => {
    const sq = pointOf(e.target);
    if (sq && sq !== board._focusSq) {
      board._focusSq = sq;
      for (const [s, p] of board._points) p.setAttribute('tabindex', s === sq ? '0' : '-1');
    }
    if (sq && board._caption) board._caption.textContent = board._label(sq);
  }, { signal });
  svg.addEventListener('focusout', () => {
    if (board._caption) board._caption.textContent = '';
  }, { signal });

  // Drag and drop with pointer events (mouse, pen and touch).
  svg.addEventListener('pointerdown', (e) => {
    board._suppressClick = false;
    if (e.button !== 0) return;
    const sq = pointOf(e.target);
    if (!sq || !board._canSelect(sq)) return;
    board._drag = { sq, id: e.pointerId, x: e.clientX, y: e.clientY, active: false, ghost: null };
  }, { signal });

  svg.addEventListener('pointermove', (e) => {
    const d = board._drag;
    if (!d || d.id !== e.pointerId) return;
    if (!d.active) {
      if (Math.hypot(e.clientX - d.x, e.clientY - d.y) < 6) return;
      d.active = true;
      try {
        svg.setPointerCapture(e.pointerId);
      } catch {
        /* the pointer may already be gone */
      }
      if (board._selected !== d.sq) {
        board._selected = d.sq;
        board._render();
      }
      const piece = board._points.get(d.sq)?.querySelector('.piece');
      if (piece) {
        d.ghost = /** @type {SVGElement} */ (piece.cloneNode(true));
        /** @type {SVGElement} */ (board._dragLayer).appendChild(d.ghost);
        piece.classList.add('ghost');
      }
    }
    const pt = svgPoint(svg, e.clientX, e.clientY);
    d.ghost?.setAttribute('transform', `translate(${pt.x} ${pt.y}) scale(1.08)`);
  }, { signal });

  /** @param {PointerEvent} e @param {boolean} cancel */
  const end = (e, cancel) => {
    const d = board._drag;
    if (!d || d.id !== e.pointerId) return;
    board._drag = null;
    if (!d.active) return;
    board._suppressClick = true;
    d.ghost?.remove();
    board._points.get(d.sq)?.querySelector('.piece')?.classList.remove('ghost');
    if (cancel) return;
    const pt = svgPoint(svg, e.clientX, e.clientY);
    const target = board._squareAtXY(pt.x, pt.y);
    if (target && target !== d.sq && board._legal.includes(d.sq + target)) {
      board._focusSq = target;
      board._play(d.sq + target, false);
    }
  };
  svg.addEventListener('pointerup', (e) => end(e, false), { signal });
  svg.addEventListener('pointercancel', (e) => end(e, true), { signal });

  svg.addEventListener('pointerover', (e) => {
    if (e.pointerType !== 'mouse') return;
    const sq = pointOf(e.target);
    if (sq && board._caption && !svg.contains(document.activeElement)) board._caption.textContent = board._label(sq);
  }, { signal });
  svg.addEventListener('pointerleave', () => {
    if (board._caption && !svg.contains(document.activeElement)) board._caption.textContent = '';
  }, { signal });
}

/**
 * Client coordinates → SVG user coordinates of `svg`.
 * @param {SVGSVGElement} svg
 * @param {number} cx
 * @param {number} cy
 */
function svgPoint(svg, cx, cy) {
  const m = svg.getScreenCTM();
  if (!m) return { x: 0, y: 0 };
  const p = new DOMPoint(cx, cy).matrixTransform(m.inverse());
  return { x: p.x, y: p.y };
}

/**
 * A click, tap or Enter on point `sq`: the page's `onPointActivate` first; then, on an
 * interactive board, play the selected piece there when that is a legal move, or select
 * the piece there (saying when it has no move), or cancel the selection. A second click on
 * a piece the page selected (a hint) keeps it selected.
 * @param {Board} board
 * @param {string} sq
 */
export function activatePoint(board, sq) {
  if (board.options.onPointActivate?.(sq) === true) return;
  if (!board._interactive) return;
  const sel = board._selected;
  const byPage = board._selectedByPage === sq;
  board._selectedByPage = null;
  if (sel && sel !== sq && board._legal.includes(sel + sq)) {
    board._play(sel + sq, true);
    return;
  }
  if (sel === sq) {
    if (byPage) return;
    board._selected = null;
    board._render();
    return;
  }
  if (board._canSelect(sq)) {
    board._selected = sq;
    board._render();
    const n = board._destsFrom(sq).length;
    if (n === 0) board.announce(format(speech().noMove, { piece: pieceName(/** @type {string} */ (board._pieces.get(sq))), square: sq }));
    return;
  }
  if (sel) {
    board._selected = null;
    board._render();
  }
}
