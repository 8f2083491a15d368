// @ts-check
/**
 * @file The one accessible SVG Xiangqi board used by every page.
 *
 * The board draws a position and lets the user pick one of the legal moves it is given. It
 * never computes rules itself: the page passes the FEN and the legal moves (ICCS strings such
 * as `"h2e2"`) it got from the server (`POST /api/position` or a game snapshot's `legal`).
 *
 * ## Usage
 * ```js
 * import { Board } from '/assets/js/board.js';
 * const board = new Board(document.getElementById('board'), {
 *   orientation: 'red',                 // 'red' | 'black': the side shown at the bottom
 *   onMove: (iccs) => sendMove(iccs),   // called when the user picks a legal move
 * });
 * board.setPosition({ fen, legal: ['h2e2', ...], lastMove: 'h9g7', check: false });
 * ```
 *
 * ## API
 * - `new Board(container, options?)` — builds the board inside `container` (an HTMLElement,
 *   emptied first). Options ({@link BoardOptions}):
 *   - `orientation` `'red'|'black'` (default `'red'`): the side at the bottom.
 *   - `onMove(iccs)`: the user chose a move from the legal list. The board shows the move at
 *     once (optimistically) and clears its legal moves; the page then calls `setPosition`
 *     with the authoritative result (or with the old position to undo a refused move).
 *   - `interactive` (default `true`): `false` makes the board view-only.
 *   - `onPointActivate(square)`: called first on every click/Enter on a point; return `true`
 *     to consume it (e.g. a position editor), anything else lets the board select/move.
 *   - `label`: accessible name of the board (default "Xiangqi board").
 *   - `announce` (default `true`): `false` keeps the board silent (`board.announce` too).
 * - `board.setPosition({fen, legal?, lastMove?, check?, turn?}, {announce?, animate?}?)` —
 *   shows a position. `legal` lists the selectable moves (empty/omitted = nothing can move);
 *   `lastMove` (ICCS) is highlighted; `check` highlights the general of the side to move;
 *   `turn` overrides the FEN's side to move. Second argument: `announce` `true` (default:
 *   says `lastMove` in words when it changed, "Red cannon h2 to e2, check", the piece read
 *   from the position shown before; a move the user played is said here, once the page
 *   confirms it, not when it is picked), `false` (silent) or a string to say instead;
 *   `animate` (default `true`) slides the moved piece when the position is the one shown
 *   before plus `lastMove` (never when a whole position is set: a load, a jump in a game),
 *   for 150 ms, and not at all under `prefers-reduced-motion: reduce`.
 * - `board.setLegal(moves)` — replaces the legal moves only (e.g. `[]` while waiting).
 * - `board.setInteractive(bool)`, `board.setOrientation('red'|'black')`, `board.flip()`,
 *   `board.orientation` (read-only getter), `board.fen` (the last FEN given),
 *   `board.pieces` (Map square → FEN letter, a copy), `board.selected` (square or null).
 * - `board.select(square|null)` — selects a piece programmatically.
 * - `board.announce(text)` — says `text` through the page's live region (speech.js).
 * - `board.focus()` — moves keyboard focus onto the board.
 * - `board.showNote(text, ms?)` — a short note over the middle of the board (why a click did
 *   nothing, for instance), said through its `role="status"`, gone after `ms` (4 s) or the
 *   next note; `''` hides it.
 * - `board.destroy()` — removes listeners and the DOM.
 *
 * ## The modules around it
 * - fen.js: `START_FEN`, `parseFen(fen)` → `{pieces: Map, turn}`, `boardToFen(pieces)` (the
 *   board field of a FEN), `pieceName(letter)` → "Red horse", `squareAt(file, rank)`.
 * - board-draw.js: the SVG drawing (grid, river, points, labels, pieces) and the board's
 *   style sheet, injected once; `GLYPH_FONT` (the
 *   embedded font's family) and `glyphsReady` (a promise: its face for the pieces has loaded).
 * - board-input.js: clicks, keyboard, drag and drop, and the caption under the board.
 * - board-settings.js: `settingsPanel(host)`, the settings beside every board
 *   (`button[data-setting=sound]` with `aria-pressed`, `select[data-setting=board]`
 *   `wood|green|grey`, `select[data-setting=pieces]` `chinese|letters|symbols`), the piece style
 *   (`getPieceStyle`/`setPieceStyle`, `xiangqi.pieceStyle`, applied to every board of the
 *   page at once) and the board colours (`getBoardTheme`/`setBoardTheme`,
 *   `xiangqi.boardTheme`, `<html data-board-theme>` on every open page).
 * - sound-switch.js: the sound switch (`xiangqi.sound`), `playSound(kind)` and
 *   `moveSoundKind`; test hook `<html data-last-sound>` and `<html data-sound-count>`.
 *
 * ## DOM hooks (relied on by browser tests)
 * See board-render.js: `data-square`, `data-piece`, `data-dest` and the points' classes.
 *
 * ## Keyboard and screen readers
 * See board-input.js (keys, focus, caption) and board-render.js (the points' names).
 */

import { announce as say, liveRegion, moveWords, outcomeWords, speech } from './speech.js';
import { colorOf, parseFen } from './fen.js';
import { getPieceStyle, onPieceStyleChange } from './board-settings.js';
import {
  drawBoard, injectBoardStyle, layoutBoard, pointXY, squareAtXY,
} from './board-draw.js';
import { activatePoint, listenTo } from './board-input.js';
import { isStep, pointLabel, renderBoard, slide } from './board-render.js';


/** @typedef {'red'|'black'} Color */
/** @typedef {import('./board-settings.js').PieceStyle} PieceStyle */

/**
 * @typedef {object} BoardOptions
 * @property {Color} [orientation] side shown at the bottom (default 'red')
 * @property {(move: string) => void} [onMove] the user picked a legal move (ICCS)
 * @property {boolean} [interactive] false: view only (default true)
 * @property {(square: string) => (boolean|void)} [onPointActivate] return true to consume a click
 * @property {string} [label] accessible name of the board
 * @property {boolean} [announce] announce moves in the aria-live region (default true)
 */

/**
 * @typedef {object} BoardPosition
 * @property {string} fen
 * @property {string[]} [legal] legal moves (ICCS) the user may choose from
 * @property {string|null} [lastMove] ICCS move to highlight
 * @property {boolean} [check] the side to move is in check
 * @property {Color} [turn] overrides the FEN's side to move
 */

/**
 * @typedef {object} SetPositionOptions
 * @property {boolean|string} [announce] false: silent; a string: announce it instead
 * @property {boolean} [animate] slide the moved piece (default true)
 */

/** The board component. See the file header for the API. */
export class Board {
  /**
   * @param {HTMLElement} container
   * @param {BoardOptions} [options]
   */
  constructor(container, options = {}) {
    injectBoardStyle();
    this.container = container;
    this.options = options;
    /** @type {Color} */
    this._orientation = options.orientation ?? 'red';
    this._interactive = options.interactive ?? true;
    /** @type {PieceStyle} */
    this._style = getPieceStyle();
    /** @type {Map<string, string>} */
    this._pieces = new Map();
    /** @type {Color} */
    this._turn = 'red';
    /** @type {string[]} */
    this._legal = [];
    /** @type {string|null} */
    this._lastMove = null;
    this._check = false;
    this._fen = '';
    /** @type {string|null} */
    this._selected = null;
    /** @type {string|null} the piece `select` chose for the player, until the player acts */
    this._selectedByPage = null;
    /** @type {string} */
    this._focusSq = 'e0';
    /** @type {string|null} a move the user just played, shown before the server confirms */
    this._pending = null;
    /** @type {{sq: string, id: number, x: number, y: number, active: boolean, ghost: SVGElement|null}|null} */
    this._drag = null;
    this._suppressClick = false;
    /** @type {AbortController|null} stops the input listeners (board-input.js) */
    this._abort = null;
    /** @type {string|null} the words of the move the user just played, said once it is confirmed */
    this._pendingWords = null;
    /** @type {HTMLElement|null} the note over the board (`showNote`), made on first use */
    this._note = null;
    /** @type {number|undefined} */
    this._noteTimer = undefined;

    container.textContent = '';
    container.classList.add('xq-board');
    // The page's live region is there before anything is said in it.
    liveRegion();
    const parts = drawBoard(options.label ?? speech().board);
    this.svg = parts.svg;
    this._parts = parts;
    this._points = parts.points;
    this._dragLayer = parts.dragLayer;
    container.appendChild(parts.svg);
    this._caption = document.createElement('div');
    this._caption.className = 'caption';
    this._caption.setAttribute('aria-hidden', 'true');
    container.appendChild(this._caption);
    this._layout();
    this._render();
    listenTo(this);
    this._stopStyle = onPieceStyleChange((style) => this._setStyle(style));
  }

  /** @returns {Color} */
  get orientation() {
    return this._orientation;
  }

  /** The last FEN given to `setPosition`. */
  get fen() {
    return this._fen;
  }

  /** A copy of the pieces shown: square → FEN letter. */
  get pieces() {
    return new Map(this._pieces);
  }

  /** The selected square, if any. */
  get selected() {
    return this._selected;
  }

  // ---------------------------------------------------------------- drawing

  /** Places the points and labels for the current orientation. */
  _layout() {
    layoutBoard(this._parts, this._orientation, this._focusSq);
  }

  /**
   * Screen position of a point.
   * @param {string} sq
   * @returns {[number, number]}
   */
  _xy(sq) {
    return pointXY(this._orientation, sq);
  }

  /**
   * The point under SVG coordinates, or null.
   * @param {number} x
   * @param {number} y
   */
  _squareAtXY(x, y) {
    return squareAtXY(this._orientation, x, y);
  }

  // ---------------------------------------------------------------- state

  /**
   * Shows a position.
   * @param {BoardPosition} pos
   * @param {SetPositionOptions} [opts]
   */
  setPosition(pos, opts = {}) {
    const prev = this._pieces;
    const prevLast = this._lastMove;
    const parsed = parseFen(pos.fen);
    this._fen = pos.fen;
    this._pieces = parsed.pieces;
    this._turn = pos.turn ?? parsed.turn;
    this._legal = pos.legal ? [...pos.legal] : [];
    this._lastMove = pos.lastMove ?? null;
    this._check = !!pos.check;
    if (this._selected && !this._canSelect(this._selected)) this._selected = null;
    const wasPending = this._pending !== null && this._pending === this._lastMove;
    this._pending = null;
    this._render();

    const mv = this._lastMove;
    const changed = mv !== null && (mv !== prevLast || wasPending || prev.get(mv.slice(0, 2)) !== undefined);
    if (mv && !wasPending && opts.animate !== false && isStep(prev, this._pieces, mv)) this._animate(mv);
    const pendingWords = this._pendingWords;
    this._pendingWords = null;
    if (opts.announce === false) return;
    if (typeof opts.announce === 'string') {
      this.announce(opts.announce);
    } else if (wasPending && pendingWords) {
      this.announce(outcomeWords(pendingWords, { check: this._check }));
    } else if (mv && changed) {
      this.announce(outcomeWords(this._describe(mv, prev), { check: this._check }));
    }
  }

  /** @param {string[]} moves */
  setLegal(moves) {
    this._legal = [...moves];
    if (this._selected && !this._canSelect(this._selected)) this._selected = null;
    this._render();
  }

  /** @param {boolean} on */
  setInteractive(on) {
    this._interactive = on;
    if (!on) this._selected = null;
    this._render();
  }

  /** @param {Color} color */
  setOrientation(color) {
    if (color === this._orientation) return;
    this._orientation = color;
    this._layout();
  }

  flip() {
    this.setOrientation(this._orientation === 'red' ? 'black' : 'red');
  }

  /** @param {string|null} sq */
  select(sq) {
    this._selected = sq && this._canSelect(sq) ? sq : null;
    // A piece the page selected (a hint, a diagram's first piece) stays selected when the
    // player then clicks it: that click takes up the page's choice rather than cancelling it.
    this._selectedByPage = this._selected;
    this._render();
  }

  /** @param {string} text */
  announce(text) {
    if (this.options.announce === false) return;
    say(text);
  }

  focus() {
    this._points.get(this._focusSq)?.focus();
  }

  /**
   * Shows a short note over the middle of the board for `ms` milliseconds; a new note
   * replaces it and `''` hides it. It takes no clicks (they reach the board under it).
   * @param {string} text
   * @param {number} [ms]
   */
  showNote(text, ms = 4000) {
    if (!this._note) {
      this._note = document.createElement('div');
      this._note.className = 'note';
      this._note.setAttribute('role', 'status');
      this.container.appendChild(this._note);
    }
    window.clearTimeout(this._noteTimer);
    this._note.textContent = text;
    this._note.hidden = !text;
    if (text) this._noteTimer = window.setTimeout(() => this.showNote(''), ms);
  }

  destroy() {
    window.clearTimeout(this._noteTimer);
    this._stopStyle();
    this._abort?.abort();
    this.container.textContent = '';
    this.container.classList.remove('xq-board');
  }

  /** @param {PieceStyle} style */
  _setStyle(style) {
    if (style === this._style) return;
    this._style = style;
    for (const p of this._points.values()) p.querySelector('.piece')?.remove();
    this._render();
  }

  /**
   * Describes a move in words from the pieces before it: "Red horse h0 to g2",
   * "Red cannon h2 takes horse h9" (speech.js).
   * @param {string} mv
   * @param {Map<string, string>} prev pieces before the move
   */
  _describe(mv, prev) {
    const from = mv.slice(0, 2);
    const mover = prev.get(from) ?? this._pieces.get(mv.slice(2, 4));
    if (!mover) return mv;
    return moveWords(mv, mover, prev.has(from) ? prev.get(mv.slice(2, 4)) : null);
  }

  /** @param {string} sq */
  _canSelect(sq) {
    if (!this._interactive || this._legal.length === 0) return false;
    const p = this._pieces.get(sq);
    return !!p && colorOf(p) === this._turn;
  }

  /** @param {string} sq */
  _destsFrom(sq) {
    return this._legal.filter((m) => m.startsWith(sq)).map((m) => m.slice(2, 4));
  }

  /** @param {string} sq */
  _label(sq) {
    return pointLabel(this, sq);
  }

  _render() {
    renderBoard(this);
  }

  /** @param {string} mv */
  _animate(mv) {
    slide(this, mv);
  }

  // ---------------------------------------------------------------- interaction

  /**
   * A click, tap or Enter on a point (board-input.js).
   * @param {string} sq
   */
  _activate(sq) {
    activatePoint(this, sq);
  }

  /**
   * Plays a legal move chosen by the user: shows it at once and reports it.
   * @param {string} mv
   * @param {boolean} animate
   */
  _play(mv, animate) {
    const prev = new Map(this._pieces);
    const from = mv.slice(0, 2);
    const to = mv.slice(2, 4);
    const p = this._pieces.get(from);
    if (p) {
      this._pieces.set(to, p);
      this._pieces.delete(from);
    }
    this._selected = null;
    this._lastMove = mv;
    this._legal = [];
    this._check = false;
    this._turn = this._turn === 'red' ? 'black' : 'red';
    this._pending = mv;
    this._render();
    if (animate) this._animate(mv);
    // Said when the page confirms it (setPosition), with the check or the end it brings.
    this._pendingWords = this._describe(mv, prev);
    this.options.onMove?.(mv);
  }

  /** @param {string} sq */
  _moveFocus(sq) {
    this._focusSq = sq;
    for (const [s, p] of this._points) p.setAttribute('tabindex', s === sq ? '0' : '-1');
    this._points.get(sq)?.focus();
  }


}
