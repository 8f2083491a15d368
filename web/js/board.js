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
 * - `board.destroy()` — removes listeners and the DOM.
 *
 * Module helpers: `START_FEN`, `parseFen(fen)` → `{pieces: Map, turn}`, `boardToFen(pieces)`
 * (the board field of a FEN), `pieceName(letter)` → "Red horse", `squareAt(file, rank)`,
 * `getPieceStyle()` / `setPieceStyle('chinese'|'letters')` (persisted in localStorage under
 * `xiangqi.pieceStyle`, applied to every board on the page at once), `PIECE_STYLE_KEY`,
 * `getBoardTheme()` / `setBoardTheme('wood'|'green'|'grey')` (the board's colours, kept under
 * `xiangqi.boardTheme` and applied as `<html data-board-theme>` to every board of every open
 * page), `BOARD_THEMES`, `BOARD_THEME_KEY`,
 * `GLYPH_FONT` (the embedded font's family) and `glyphsReady` (a promise: its face for the
 * pieces has loaded).
 *
 * ## Settings and sounds
 * `settingsPanel(host)` fills `host` with the settings every board page shows beside its
 * board, the same on each: `button[data-setting=sound]` (`aria-pressed="true"` while sounds
 * are on), `select[data-setting=board]` (`wood`, `green`, `grey`) and
 * `select[data-setting=pieces]` (`chinese`, `letters`). The sound switch is kept under
 * `xiangqi.sound` (`"off"` mutes; `soundOn()`, `setSoundOn(on)`, `onSoundChange(f)`,
 * `SOUND_KEY`); `playSound('move'|'capture'|'check'|'end')` plays one unless muted, loading
 * the synthesizer (sound.js, Web Audio) on the first sound, and `moveSoundKind` picks the
 * sound of a move shown. Test hook: each sound played sets `<html data-last-sound>` and counts
 * up `<html data-sound-count>`.
 *
 * ## DOM hooks (relied on by browser tests)
 * - every intersection: `<g data-square="e3">` (click it to select / move there);
 * - a piece: `<g data-piece="N">` (FEN letter, uppercase Red `K A B N R C P`, lowercase Black);
 * - a destination marker: `data-dest="e3"`, with class `capture` when it is a ring;
 * - classes on points: `selected`, `last`, `check`, `movable`.
 *
 * ## Keyboard and screen readers
 * The board is an ARIA grid (`<svg role="grid">` named by `label`, role description
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

import { format, t } from './i18n.js';
import { announce as say, liveRegion, moveWords, outcomeWords, pieceWords, speech } from './speech.js';

const SVG_NS = 'http://www.w3.org/2000/svg';
/** Distance between two lines, in SVG user units. */
const S = 60;
const PAD_X = 58;
const PAD_TOP = 60;
const PAD_BOTTOM = 84;
const FILES = 'abcdefghi';
const R_PIECE = 26;

/** The standard start position. */
export const START_FEN = 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1';
/** localStorage key of the piece style setting. */
export const PIECE_STYLE_KEY = 'xiangqi.pieceStyle';
/** localStorage key of the board colours. */
export const BOARD_THEME_KEY = 'xiangqi.boardTheme';
/** The board colours to choose from, the first the default, each with its name. */
export const BOARD_THEMES = /** @type {const} */ ([['wood', 'Wood'], ['green', 'Jade green'], ['grey', 'Slate grey']]);

/** @typedef {'red'|'black'} Color */
/** @typedef {'chinese'|'letters'} PieceStyle */
/** @typedef {typeof BOARD_THEMES[number][0]} BoardTheme */

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

/** @type {Record<string, string>} */
const ROLE = { k: 'general', a: 'advisor', b: 'elephant', n: 'horse', r: 'chariot', c: 'cannon', p: 'soldier' };
/** @type {Record<string, string>} */
const CHINESE_RED = { k: '帥', a: '仕', b: '相', n: '傌', r: '俥', c: '炮', p: '兵' };
/** @type {Record<string, string>} */
const CHINESE_BLACK = { k: '將', a: '士', b: '象', n: '馬', r: '車', c: '砲', p: '卒' };
/** @type {Record<string, string>} */
const LETTER = { k: 'G', a: 'A', b: 'E', n: 'H', r: 'R', c: 'C', p: 'S' };
/** The two halves of the river's text. */
const RIVER = ['楚河', '漢界'];

/** Family of the embedded font (web/fonts/, declared in site.css) that draws every glyph. */
export const GLYPH_FONT = 'Xiangqi Glyphs';

/**
 * Resolves when the face of the embedded font that draws the pieces and the river has loaded
 * (or failed to: the board then uses the system's fonts). Loading starts as soon as this
 * module is imported, so the glyphs are there by the time a board is drawn; until then the
 * font's `font-display: block` shows no character rather than an empty box.
 * @type {Promise<void>}
 */
export const glyphsReady = loadGlyphs();

/** @returns {Promise<void>} */
function loadGlyphs() {
  if (typeof document === 'undefined' || !document.fonts) return Promise.resolve();
  const text = Object.values(CHINESE_RED).join('') + Object.values(CHINESE_BLACK).join('') + RIVER.join('');
  // The river's weight 600 is drawn by the same bold face.
  return document.fonts.load(`700 30px "${GLYPH_FONT}"`, text).then(() => {}, () => {});
}

/**
 * Returns the ICCS name of a point.
 * @param {number} file 0–8 (a–i)
 * @param {number} rank 0–9 (Red's back rank is 0)
 */
export function squareAt(file, rank) {
  return FILES[file] + String(rank);
}

/** @param {string} sq @returns {[number, number]} file, rank */
function fileRank(sq) {
  return [FILES.indexOf(sq[0]), Number(sq.slice(1))];
}

/**
 * Normalises a FEN piece letter (E/H accepted for elephant/horse) to `K A B N R C P` / lower.
 * @param {string} ch
 * @returns {string|null}
 */
function normalLetter(ch) {
  const lower = ch.toLowerCase();
  const map = /** @type {Record<string, string>} */ ({ e: 'b', h: 'n' });
  const l = map[lower] ?? lower;
  if (!(l in ROLE)) return null;
  return ch === lower ? l : l.toUpperCase();
}

/** @param {string} letter */
function colorOf(letter) {
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

/** @returns {PieceStyle} */
export function getPieceStyle() {
  try {
    return localStorage.getItem(PIECE_STYLE_KEY) === 'letters' ? 'letters' : 'chinese';
  } catch {
    return 'chinese';
  }
}

/** @type {Set<Board>} */
const liveBoards = new Set();

/**
 * Sets (and persists) the piece style of every board.
 * @param {PieceStyle} style
 */
export function setPieceStyle(style) {
  try {
    localStorage.setItem(PIECE_STYLE_KEY, style);
  } catch {
    /* storage may be unavailable: the setting then lasts for this page only */
  }
  for (const b of liveBoards) b._setStyle(style);
}

/** @returns {BoardTheme} */
export function getBoardTheme() {
  let v = null;
  try {
    v = localStorage.getItem(BOARD_THEME_KEY);
  } catch {
    /* no storage: the default */
  }
  return BOARD_THEMES.find(([id]) => id === v)?.[0] ?? 'wood';
}

/** @param {BoardTheme} theme */
function applyBoardTheme(theme) {
  document.documentElement.dataset.boardTheme = theme;
}

/**
 * Sets (and persists) the colours of every board.
 * @param {BoardTheme} theme
 */
export function setBoardTheme(theme) {
  try {
    localStorage.setItem(BOARD_THEME_KEY, theme);
  } catch {
    /* storage may be unavailable: the setting then lasts for this page only */
  }
  applyBoardTheme(theme);
}

if (typeof window !== 'undefined') {
  applyBoardTheme(getBoardTheme());
  window.addEventListener('storage', (e) => {
    if (e.key === PIECE_STYLE_KEY) for (const b of liveBoards) b._setStyle(getPieceStyle());
    if (e.key === BOARD_THEME_KEY) applyBoardTheme(getBoardTheme());
  });
}

/**
 * Whether `after` is `before` with the piece on the first square of `mv` moved to its
 * second (taking what stood there): the one move a slide can show.
 * @param {Map<string, string>} before
 * @param {Map<string, string>} after
 * @param {string} mv ICCS
 */
function isStep(before, after, mv) {
  const from = mv.slice(0, 2);
  const to = mv.slice(2, 4);
  const p = before.get(from);
  if (!p || after.get(to) !== p || after.has(from)) return false;
  if (after.size !== before.size - (before.has(to) ? 1 : 0)) return false;
  for (const [sq, l] of after) if (sq !== to && before.get(sq) !== l) return false;
  return true;
}

/**
 * @param {string} name
 * @param {Record<string, string|number>} [attrs]
 * @param {Element} [parent]
 * @returns {SVGElement}
 */
function el(name, attrs = {}, parent) {
  const e = /** @type {SVGElement} */ (document.createElementNS(SVG_NS, name));
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  if (parent) parent.appendChild(e);
  return e;
}

const STYLE_ID = 'xq-board-style';
const CSS = `
.xq-board{--xq-bg:#e9c98f;--xq-line:#5b3a1a;--xq-river:#7a5230;--xq-lbl:#6b4a2b;--xq-lbl2:#8a6a48;position:relative;width:100%;max-width:640px;margin:0 auto;-webkit-tap-highlight-color:transparent}
[data-board-theme=green] .xq-board{--xq-bg:#a8c69f;--xq-line:#23412a;--xq-river:#2f5638;--xq-lbl:#23412a;--xq-lbl2:#3f6447}
[data-board-theme=grey] .xq-board{--xq-bg:#cfd3d8;--xq-line:#343a43;--xq-river:#4b525c;--xq-lbl:#343a43;--xq-lbl2:#5b626d}
.xq-board svg{display:block;width:100%;height:auto;touch-action:none;user-select:none;-webkit-user-select:none}
.xq-board .bg{fill:var(--xq-bg)}
.xq-board .grid .frame{stroke-width:2.8}
.xq-board .grid line,.xq-board .grid path,.xq-board .grid rect{stroke:var(--xq-line);stroke-width:1.4;fill:none;stroke-linecap:square}
.xq-board .river{font:600 30px "Xiangqi Glyphs","Noto Serif CJK SC","Noto Serif CJK TC","Songti SC","STSong","SimSun",serif;fill:var(--xq-river);letter-spacing:14px}
.xq-board .lbl{font:500 15px system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;fill:var(--xq-lbl)}
.xq-board .lbl.file{font-weight:600}
.xq-board .lbl.letter{font-size:14px;fill:var(--xq-lbl2)}
.xq-board .pt{outline:none;cursor:default}
.xq-board .pt .hit{fill:transparent}
.xq-board .pt.movable,.xq-board .pt.dest{cursor:pointer}
.xq-board .hl{fill:none;stroke:none}
.xq-board .pt.last .hl{fill:rgba(37,99,235,.16);stroke:rgba(37,99,235,.75);stroke-width:2.5;stroke-dasharray:7 5}
.xq-board .pt.selected .hl{fill:rgba(22,163,74,.22);stroke:#15803d;stroke-width:3.5;stroke-dasharray:none}
.xq-board .chk{fill:none;stroke:none}
.xq-board .pt.check .chk{stroke:#dc2626;stroke-width:5;stroke-dasharray:6 4;fill:rgba(220,38,38,.28)}
.xq-board .focus{fill:none;stroke:none}
.xq-board .pt:focus-visible .focus{stroke:#1d4ed8;stroke-width:3.5}
.xq-board .piece .shadow{fill:rgba(0,0,0,.28)}
.xq-board .piece.red .disc{fill:#fff8ea;stroke:#b3261e;stroke-width:2.6}
.xq-board .piece.red .ring{fill:none;stroke:#b3261e;stroke-width:1.6}
.xq-board .piece.red .glyph{fill:#b3261e}
.xq-board .piece.black .disc{fill:#262626;stroke:#0a0a0a;stroke-width:2}
.xq-board .piece.black .ring{display:none}
.xq-board .piece.black .glyph{fill:#f5f5f4}
.xq-board .glyph{font:700 30px "Xiangqi Glyphs","Noto Serif CJK SC","Noto Serif CJK TC","Songti SC","STSong","SimSun","Noto Sans CJK SC",serif;pointer-events:none}
.xq-board .glyph.letters{font:700 27px system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
.xq-board .piece.ghost{opacity:.35}
.xq-board .dragging{pointer-events:none}
.xq-board .dest-dot{fill:rgba(21,128,61,.8);stroke:#fff;stroke-width:1.5}
.xq-board .dest-ring{fill:none;stroke:rgba(21,128,61,.9);stroke-width:4.5}
.xq-board .pt.dest:hover .dest-dot{fill:#15803d}
.xq-board .caption{min-height:1.4em;text-align:center;font-size:.9rem;color:inherit;opacity:.8;margin-top:.2rem}
.xq-sr{position:absolute!important;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0,0,0,0);white-space:nowrap;border:0}
@media (prefers-color-scheme: dark){.xq-board .caption{opacity:.9}}
`;

function injectStyle() {
  if (document.getElementById(STYLE_ID)) return;
  const st = document.createElement('style');
  st.id = STYLE_ID;
  st.textContent = CSS;
  document.head.appendChild(st);
}

/** The board component. See the file header for the API. */
export class Board {
  /**
   * @param {HTMLElement} container
   * @param {BoardOptions} [options]
   */
  constructor(container, options = {}) {
    injectStyle();
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
    /** @type {string} */
    this._focusSq = 'e0';
    /** @type {string|null} a move the user just played, shown before the server confirms */
    this._pending = null;
    /** @type {{sq: string, id: number, x: number, y: number, active: boolean, ghost: SVGElement|null}|null} */
    this._drag = null;
    this._suppressClick = false;
    /** @type {Map<string, SVGGElement>} */
    this._points = new Map();
    /** @type {Map<number, SVGElement>} the grid's rows, by rank */
    this._rows = new Map();
    /** @type {string|null} the words of the move the user just played, said once it is confirmed */
    this._pendingWords = null;

    container.textContent = '';
    container.classList.add('xq-board');
    // The page's live region is there before anything is said in it.
    liveRegion();
    this._build();
    this._listen();
    liveBoards.add(this);
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

  // ---------------------------------------------------------------- building

  _build() {
    const w = 8 * S + 2 * PAD_X;
    const h = 9 * S + PAD_TOP + PAD_BOTTOM;
    const svg = /** @type {SVGSVGElement} */ (
      /** @type {unknown} */ (
        el('svg', { viewBox: `${-PAD_X} ${-PAD_TOP} ${w} ${h}`, role: 'grid', 'aria-roledescription': speech().boardKind })
      )
    );
    svg.setAttribute('aria-label', this.options.label ?? speech().board);
    this.svg = svg;
    el('rect', { class: 'bg', x: -PAD_X + 4, y: -PAD_TOP + 4, width: w - 8, height: h - 8, rx: 14 }, svg);

    const grid = el('g', { class: 'grid', 'aria-hidden': 'true' }, svg);
    for (let r = 1; r <= 8; r++) el('line', { x1: 0, y1: r * S, x2: 8 * S, y2: r * S }, grid);
    for (let f = 0; f <= 8; f++) {
      if (f > 0 && f < 8) {
        el('line', { x1: f * S, y1: 0, x2: f * S, y2: 4 * S }, grid);
        el('line', { x1: f * S, y1: 5 * S, x2: f * S, y2: 9 * S }, grid);
      }
    }
    el('rect', { class: 'frame', x: 0, y: 0, width: 8 * S, height: 9 * S }, grid);
    // Palace diagonals.
    for (const top of [0, 7]) {
      el('line', { x1: 3 * S, y1: top * S, x2: 5 * S, y2: (top + 2) * S }, grid);
      el('line', { x1: 5 * S, y1: top * S, x2: 3 * S, y2: (top + 2) * S }, grid);
    }
    // Position marks of cannons and soldiers.
    /** @type {[number, number][]} */
    const marks = [[1, 2], [7, 2], [1, 7], [7, 7]];
    for (let f = 0; f <= 8; f += 2) marks.push([f, 3], [f, 6]);
    const g = 5;
    const l = 11;
    for (const [f, r] of marks) {
      const x = f * S;
      const y = r * S;
      for (const dx of [-1, 1]) {
        if ((f === 0 && dx < 0) || (f === 8 && dx > 0)) continue;
        for (const dy of [-1, 1]) {
          const x0 = x + dx * g;
          const y0 = y + dy * g;
          el('path', { d: `M${x0 + dx * l} ${y0} H${x0} V${y0 + dy * l}` }, grid);
        }
      }
    }
    const river = el('g', { 'aria-hidden': 'true' }, svg);
    const t1 = el('text', { class: 'river', x: 2 * S, y: 4.5 * S, 'text-anchor': 'middle', 'dominant-baseline': 'central' }, river);
    t1.textContent = RIVER[0];
    const t2 = el('text', { class: 'river', x: 6 * S, y: 4.5 * S, 'text-anchor': 'middle', 'dominant-baseline': 'central' }, river);
    t2.textContent = RIVER[1];

    this._labels = el('g', { 'aria-hidden': 'true' }, svg);
    this._pointLayer = el('g', {}, svg);
    this._dragLayer = el('g', { class: 'dragging', 'aria-hidden': 'true' }, svg);

    // The points form a grid of ten rows (ranks) of nine cells, in the order they are seen
    // (`_layout` reorders them when the board turns).
    for (let rank = 0; rank <= 9; rank++) {
      const row = el('g', { role: 'row', 'data-rank': rank }, this._pointLayer);
      this._rows.set(rank, row);
      for (let file = 0; file <= 8; file++) {
        const sq = squareAt(file, rank);
        const p = /** @type {SVGGElement} */ (
          el('g', { class: 'pt', 'data-square': sq, tabindex: -1, role: 'gridcell' }, row)
        );
        el('title', {}, p);
        el('rect', { class: 'hit', x: -S / 2, y: -S / 2, width: S, height: S }, p);
        el('rect', { class: 'hl', x: -28, y: -28, width: 56, height: 56, rx: 10 }, p);
        el('circle', { class: 'chk', r: 31 }, p);
        el('rect', { class: 'focus', x: -29, y: -29, width: 58, height: 58, rx: 8 }, p);
        this._points.set(sq, p);
      }
    }
    this.container.appendChild(svg);

    this._caption = document.createElement('div');
    this._caption.className = 'caption';
    this._caption.setAttribute('aria-hidden', 'true');
    this.container.appendChild(this._caption);

    this._layout();
    this._render();
  }

  /** Places the points and labels for the current orientation. */
  _layout() {
    const flipped = this._orientation === 'black';
    for (const [sq, p] of this._points) {
      const [x, y] = this._xy(sq);
      p.setAttribute('transform', `translate(${x} ${y})`);
    }
    // The grid reads as seen: top rank first, each rank from the left.
    const focused = this.svg?.contains(document.activeElement) ? this._focusSq : null;
    const layer = /** @type {SVGElement} */ (this._pointLayer);
    for (let rr = 0; rr <= 9; rr++) {
      const rank = flipped ? rr : 9 - rr;
      const row = /** @type {SVGElement} */ (this._rows.get(rank));
      layer.appendChild(row);
      for (let c = 0; c <= 8; c++) {
        const p = this._points.get(squareAt(flipped ? 8 - c : c, rank));
        if (p) row.appendChild(p);
      }
    }
    if (focused) this._points.get(focused)?.focus();
    const lbl = /** @type {SVGElement} */ (this._labels);
    lbl.textContent = '';
    for (let c = 0; c <= 8; c++) {
      const file = flipped ? 8 - c : c;
      // WXF numbers files from each player's right: as seen on screen the bottom side's
      // files read 9…1 and the top side's 1…9, whatever the orientation.
      const bottom = el('text', { class: 'lbl file', x: c * S, y: 9 * S + 39, 'text-anchor': 'middle', 'dominant-baseline': 'central' }, lbl);
      bottom.textContent = String(9 - c);
      const top = el('text', { class: 'lbl file', x: c * S, y: -39, 'text-anchor': 'middle', 'dominant-baseline': 'central' }, lbl);
      top.textContent = String(c + 1);
      const letter = el('text', { class: 'lbl letter', x: c * S, y: 9 * S + 63, 'text-anchor': 'middle', 'dominant-baseline': 'central' }, lbl);
      letter.textContent = FILES[file];
    }
    for (let rr = 0; rr <= 9; rr++) {
      const rank = flipped ? rr : 9 - rr;
      const t = el('text', { class: 'lbl letter', x: -38, y: rr * S, 'text-anchor': 'middle', 'dominant-baseline': 'central' }, lbl);
      t.textContent = String(rank);
    }
  }

  /**
   * Screen position of a point.
   * @param {string} sq
   * @returns {[number, number]}
   */
  _xy(sq) {
    const [file, rank] = fileRank(sq);
    return this._orientation === 'black' ? [(8 - file) * S, rank * S] : [file * S, (9 - rank) * S];
  }

  /**
   * The point under SVG coordinates, or null.
   * @param {number} x
   * @param {number} y
   */
  _squareAtXY(x, y) {
    const c = Math.round(x / S);
    const r = Math.round(y / S);
    if (c < 0 || c > 8 || r < 0 || r > 9) return null;
    return this._orientation === 'black' ? squareAt(8 - c, r) : squareAt(c, 9 - r);
  }

  /**
   * @param {string} letter
   * @returns {SVGGElement}
   */
  _makePiece(letter) {
    const color = colorOf(letter);
    const l = letter.toLowerCase();
    const g = /** @type {SVGGElement} */ (el('g', { class: `piece ${color}`, 'data-piece': letter, 'aria-hidden': 'true' }));
    el('circle', { class: 'shadow', cx: 1.5, cy: 2.5, r: R_PIECE }, g);
    el('circle', { class: 'disc', r: R_PIECE }, g);
    el('circle', { class: 'ring', r: R_PIECE - 4.5 }, g);
    const letters = this._style === 'letters';
    const t = el('text', {
      class: letters ? 'glyph letters' : 'glyph',
      'text-anchor': 'middle',
      'dominant-baseline': 'central',
      y: letters ? 1 : 1.5,
    }, g);
    t.textContent = letters ? LETTER[l] : (color === 'red' ? CHINESE_RED : CHINESE_BLACK)[l];
    return g;
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

  destroy() {
    liveBoards.delete(this);
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
    const s = speech();
    const p = this._pieces.get(sq);
    const parts = [format(s.point, { square: sq, what: p ? pieceName(p) : s.empty })];
    const states = s.pointStates;
    if (sq === this._selected) parts.push(states.selected);
    if (this._selected && this._legal.includes(this._selected + sq)) parts.push(p ? states.capture : states.legal);
    if (this._lastMove && (this._lastMove.startsWith(sq) || this._lastMove.endsWith(sq))) parts.push(states.last);
    if (this._check && p && p.toLowerCase() === 'k' && colorOf(p) === this._turn) parts.push(states.check);
    return parts.join(s.stateSep);
  }

  _render() {
    const dests = new Set(this._selected ? this._destsFrom(this._selected) : []);
    const from = this._lastMove?.slice(0, 2);
    const to = this._lastMove?.slice(2, 4);
    for (const [sq, p] of this._points) {
      const letter = this._pieces.get(sq);
      let piece = /** @type {SVGGElement|null} */ (p.querySelector('.piece'));
      if (piece && piece.getAttribute('data-piece') !== letter) {
        piece.remove();
        piece = null;
      }
      if (!piece && letter) {
        piece = this._makePiece(letter);
        p.insertBefore(piece, p.querySelector('.focus'));
      }
      const isCheck = this._check && !!letter && letter.toLowerCase() === 'k' && colorOf(letter) === this._turn;
      p.classList.toggle('last', sq === from || sq === to);
      p.classList.toggle('selected', sq === this._selected);
      p.classList.toggle('check', isCheck);
      p.classList.toggle('movable', this._canSelect(sq) && this._destsFrom(sq).length > 0);
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
      const label = this._label(sq);
      p.setAttribute('aria-label', label);
      const title = p.querySelector('title');
      if (title) title.textContent = label;
      p.setAttribute('tabindex', sq === this._focusSq ? '0' : '-1');
      if (sq === this._selected) p.setAttribute('aria-selected', 'true');
      else p.removeAttribute('aria-selected');
    }
    if (this._caption && document.activeElement && this.svg?.contains(document.activeElement)) {
      this._caption.textContent = this._label(this._focusSq);
    }
  }

  /** @param {string} mv */
  _animate(mv) {
    if (window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) return;
    const piece = this._points.get(mv.slice(2, 4))?.querySelector('.piece');
    if (!piece || typeof piece.animate !== 'function') return;
    const [x0, y0] = this._xy(mv.slice(0, 2));
    const [x1, y1] = this._xy(mv.slice(2, 4));
    piece.animate(
      [{ transform: `translate(${x0 - x1}px, ${y0 - y1}px)` }, { transform: 'translate(0px, 0px)' }],
      { duration: 150, easing: 'ease-out' },
    );
  }

  // ---------------------------------------------------------------- interaction

  /**
   * A click, tap or Enter on a point.
   * @param {string} sq
   */
  _activate(sq) {
    if (this.options.onPointActivate?.(sq) === true) return;
    if (!this._interactive) return;
    const sel = this._selected;
    if (sel && sel !== sq && this._legal.includes(sel + sq)) {
      this._play(sel + sq, true);
      return;
    }
    if (sel === sq) {
      this._selected = null;
      this._render();
      return;
    }
    if (this._canSelect(sq)) {
      this._selected = sq;
      this._render();
      const n = this._destsFrom(sq).length;
      if (n === 0) this.announce(format(speech().noMove, { piece: pieceName(/** @type {string} */ (this._pieces.get(sq))), square: sq }));
      return;
    }
    if (sel) {
      this._selected = null;
      this._render();
    }
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

  _listen() {
    const svg = /** @type {SVGSVGElement} */ (this.svg);
    this._abort = new AbortController();
    const signal = this._abort.signal;

    /** @param {EventTarget|null} t */
    const pointOf = (t) => {
      const e = t instanceof Element ? t.closest('[data-square]') : null;
      return e ? /** @type {string} */ (e.getAttribute('data-square')) : null;
    };

    svg.addEventListener('click', (e) => {
      if (this._suppressClick) {
        this._suppressClick = false;
        return;
      }
      const sq = pointOf(e.target);
      if (sq) {
        this._focusSq = sq;
        this._activate(sq);
      }
    }, { signal });

    svg.addEventListener('keydown', (e) => {
      const sq = this._focusSq;
      const [x, y] = this._xy(sq);
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
          this._activate(sq);
          return;
        case 'Escape':
          if (this._selected) {
            this._selected = null;
            this._render();
            e.preventDefault();
          }
          return;
        default:
          return;
      }
      e.preventDefault();
      const next = this._squareAtXY(nx, ny);
      if (next) this._moveFocus(next);
    }, { signal });

    svg.addEventListener('focusin', (e) => {
      const sq = pointOf(e.target);
      if (sq && sq !== this._focusSq) {
        this._focusSq = sq;
        for (const [s, p] of this._points) p.setAttribute('tabindex', s === sq ? '0' : '-1');
      }
      if (sq && this._caption) this._caption.textContent = this._label(sq);
    }, { signal });
    svg.addEventListener('focusout', () => {
      if (this._caption) this._caption.textContent = '';
    }, { signal });

    // Drag and drop with pointer events (mouse, pen and touch).
    svg.addEventListener('pointerdown', (e) => {
      this._suppressClick = false;
      if (e.button !== 0) return;
      const sq = pointOf(e.target);
      if (!sq || !this._canSelect(sq)) return;
      this._drag = { sq, id: e.pointerId, x: e.clientX, y: e.clientY, active: false, ghost: null };
    }, { signal });

    svg.addEventListener('pointermove', (e) => {
      const d = this._drag;
      if (!d || d.id !== e.pointerId) return;
      if (!d.active) {
        if (Math.hypot(e.clientX - d.x, e.clientY - d.y) < 6) return;
        d.active = true;
        try {
          svg.setPointerCapture(e.pointerId);
        } catch {
          /* the pointer may already be gone */
        }
        if (this._selected !== d.sq) {
          this._selected = d.sq;
          this._render();
        }
        const piece = this._points.get(d.sq)?.querySelector('.piece');
        if (piece) {
          d.ghost = /** @type {SVGElement} */ (piece.cloneNode(true));
          /** @type {SVGElement} */ (this._dragLayer).appendChild(d.ghost);
          piece.classList.add('ghost');
        }
      }
      const pt = this._svgPoint(e.clientX, e.clientY);
      d.ghost?.setAttribute('transform', `translate(${pt.x} ${pt.y}) scale(1.08)`);
    }, { signal });

    /** @param {PointerEvent} e @param {boolean} cancel */
    const end = (e, cancel) => {
      const d = this._drag;
      if (!d || d.id !== e.pointerId) return;
      this._drag = null;
      if (!d.active) return;
      this._suppressClick = true;
      d.ghost?.remove();
      this._points.get(d.sq)?.querySelector('.piece')?.classList.remove('ghost');
      if (cancel) return;
      const pt = this._svgPoint(e.clientX, e.clientY);
      const target = this._squareAtXY(pt.x, pt.y);
      if (target && target !== d.sq && this._legal.includes(d.sq + target)) {
        this._focusSq = target;
        this._play(d.sq + target, false);
      }
    };
    svg.addEventListener('pointerup', (e) => end(e, false), { signal });
    svg.addEventListener('pointercancel', (e) => end(e, true), { signal });

    svg.addEventListener('pointerover', (e) => {
      if (e.pointerType !== 'mouse') return;
      const sq = pointOf(e.target);
      if (sq && this._caption && !svg.contains(document.activeElement)) this._caption.textContent = this._label(sq);
    }, { signal });
    svg.addEventListener('pointerleave', () => {
      if (this._caption && !svg.contains(document.activeElement)) this._caption.textContent = '';
    }, { signal });
  }

  /** @param {string} sq */
  _moveFocus(sq) {
    this._focusSq = sq;
    for (const [s, p] of this._points) p.setAttribute('tabindex', s === sq ? '0' : '-1');
    this._points.get(sq)?.focus();
  }

  /**
   * Client coordinates → SVG user coordinates.
   * @param {number} cx
   * @param {number} cy
   */
  _svgPoint(cx, cy) {
    const svg = /** @type {SVGSVGElement} */ (this.svg);
    const m = svg.getScreenCTM();
    if (!m) return { x: 0, y: 0 };
    const p = new DOMPoint(cx, cy).matrixTransform(m.inverse());
    return { x: p.x, y: p.y };
  }
}

// ---------------------------------------------------------------- settings and sounds
//
// The settings every board page shows beside its board, the same on each (`settingsPanel`),
// and the switch of the board's sounds, which `playSound` follows. The sounds themselves are
// synthesized by sound.js, loaded on the first sound heard.

/** localStorage key of the sound switch. */
export const SOUND_KEY = 'xiangqi.sound';

/** @typedef {'move'|'capture'|'check'|'end'} SoundKind */

/** @type {Set<(on: boolean) => void>} */
const listeners = new Set();

/** Whether sounds are on (the default). */
export function soundOn() {
  try {
    return localStorage.getItem(SOUND_KEY) !== 'off';
  } catch {
    return true;
  }
}

/**
 * Turns the sounds on or off, on this page and (through storage) every other open page.
 * @param {boolean} on
 */
export function setSoundOn(on) {
  try {
    localStorage.setItem(SOUND_KEY, on ? 'on' : 'off');
  } catch {
    /* storage may be unavailable: the switch then does nothing */
  }
  for (const f of listeners) f(on);
}

/**
 * Calls `f` with the new state whenever the switch changes (here or in another tab).
 * @param {(on: boolean) => void} f
 */
export function onSoundChange(f) {
  listeners.add(f);
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (e) => {
    if (e.key === SOUND_KEY) for (const f of listeners) f(soundOn());
  });
}

/** The synthesizer, loaded on the first sound. @type {Promise<typeof import('./sound.js')>|null} */
let synth = null;

/**
 * Plays a sound, unless the switch is off.
 * @param {SoundKind} kind
 */
export function playSound(kind) {
  if (!soundOn()) return;
  const root = document.documentElement;
  root.dataset.lastSound = kind;
  root.dataset.soundCount = String(Number(root.dataset.soundCount ?? 0) + 1);
  synth ??= import('./sound.js');
  synth.then((m) => m.play(kind), () => {
    synth = null;
  });
}

/**
 * The sound of a move just shown: the end of the game outranks check, check a capture.
 * @param {{capture: boolean, check: boolean, over: boolean}} m
 * @returns {SoundKind}
 */
export function moveSoundKind(m) {
  return m.over ? 'end' : m.check ? 'check' : m.capture ? 'capture' : 'move';
}

/** The speaker, with sound waves or with a cross. */
const SPEAKER = '<path d="M3 9h4l5-4v14l-5-4H3z" fill="currentColor"/>';
const WAVES = '<path d="M15.5 8.5a5 5 0 0 1 0 7M18 6a8.5 8.5 0 0 1 0 12" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round"/>';
const CROSS = '<path d="M15.5 9.5l5 5m0-5l-5 5" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round"/>';

/**
 * A labelled select.
 * @param {string} label
 * @param {string} setting
 * @param {readonly (readonly [string, string])[]} options value and text
 * @param {string} value
 * @param {(v: string) => void} change
 */
function select(label, setting, options, value, change) {
  const wrap = document.createElement('label');
  const span = document.createElement('span');
  span.textContent = label;
  const sel = document.createElement('select');
  sel.dataset.setting = setting;
  for (const [v, text] of options) sel.add(new Option(text, v, false, v === value));
  sel.addEventListener('change', () => change(sel.value));
  wrap.append(span, sel);
  return wrap;
}

/**
 * Fills `host` with the sound switch and the board and piece settings.
 * @param {HTMLElement|null} host
 */
export function settingsPanel(host) {
  if (!host) return;
  host.classList.add('xq-settings');
  host.setAttribute('role', 'group');
  host.setAttribute('aria-label', t('settings.group'));
  host.textContent = '';

  const sound = document.createElement('button');
  sound.type = 'button';
  sound.className = 'xq-sound';
  sound.dataset.setting = 'sound';
  sound.title = t('settings.sound-title');
  const show = (/** @type {boolean} */ on) => {
    sound.setAttribute('aria-pressed', String(on));
    sound.innerHTML = `<svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">${SPEAKER}${on ? WAVES : CROSS}</svg><span>${t('settings.sound')}</span>`;
  };
  show(soundOn());
  sound.addEventListener('click', () => setSoundOn(sound.getAttribute('aria-pressed') !== 'true'));
  onSoundChange(show);

  const board = select(t('settings.board'), 'board', BOARD_THEMES.map(([v]) => [v, t(`settings.theme-${v}`)]), getBoardTheme(), (v) => {
    setBoardTheme(/** @type {BoardTheme} */ (v));
  });
  const pieces = select(t('settings.pieces'), 'pieces', [['chinese', t('settings.chinese-pieces')], ['letters', t('settings.letter-pieces')]],
    getPieceStyle(), (v) => setPieceStyle(v === 'letters' ? 'letters' : 'chinese'));
  host.append(sound, board, pieces);
}
