// @ts-check
/**
 * @file How the board takes input: clicks and taps on points, the keyboard (arrow keys
 * between points as seen on screen, Home and End, Enter or Space to select or play, Escape
 * to cancel), drag and drop with pointer events (mouse, pen and touch), and the caption that
 * names the point under focus or the mouse. `listenTo(board)` attaches it all and stops
 * with the board's `destroy()`.
 */

import { S } from './board-draw.js';

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
