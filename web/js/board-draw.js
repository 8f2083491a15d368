// @ts-check
/**
 * @file How the board is drawn in SVG: its geometry (a point every `S` user units), the grid,
 * palace, position marks and river, the ten rows of nine focusable points
 * (`drawBoard`), their placement and the file and rank labels for an orientation
 * (`layoutBoard`), the screen position of a point and the point under a position
 * (`pointXY`, `squareAtXY`), and a piece in Chinese characters or letters (`makePiece`), with
 * the embedded font that draws them (`GLYPH_FONT`, `glyphsReady`), and the board's own style
 * sheet (board themes, points, pieces, markers, the caption), put into the page once by
 * `injectBoardStyle()` so the board needs no CSS file of its own.
 */

import { speech } from './speech.js';
import { FILES, colorOf, fileRank, squareAt } from './fen.js';
import { SYMBOLS } from './board-symbols.js';

const SVG_NS = 'http://www.w3.org/2000/svg';
/** Distance between two lines, in SVG user units. */
export const S = 60;
const PAD_X = 58;
const PAD_TOP = 60;
const PAD_BOTTOM = 84;
/** A piece's radius, in SVG user units. */
export const R_PIECE = 26;

/** @typedef {'red'|'black'} Color */
/** @typedef {import('./board-settings.js').PieceStyle} PieceStyle */

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
 * Creates an SVG element with `attrs`, appended to `parent` when given.
 * @param {string} name
 * @param {Record<string, string|number>} [attrs]
 * @param {Element} [parent]
 * @returns {SVGElement}
 */
export function el(name, attrs = {}, parent) {
  const e = /** @type {SVGElement} */ (document.createElementNS(SVG_NS, name));
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  if (parent) parent.appendChild(e);
  return e;
}

/**
 * The parts of a drawn board that change: the SVG, its label, point and drag layers, the
 * rows (by rank) and the points (by square).
 * @typedef {object} BoardParts
 * @property {SVGSVGElement} svg
 * @property {SVGElement} labels
 * @property {SVGElement} pointLayer
 * @property {SVGElement} dragLayer
 * @property {Map<number, SVGElement>} rows
 * @property {Map<string, SVGGElement>} points
 */

/**
 * Draws an empty board named `label` for screen readers: the lines, the river and the
 * points (placed by {@link layoutBoard}).
 * @param {string} label
 * @returns {BoardParts}
 */
export function drawBoard(label) {
  const w = 8 * S + 2 * PAD_X;
  const h = 9 * S + PAD_TOP + PAD_BOTTOM;
  const svg = /** @type {SVGSVGElement} */ (
    /** @type {unknown} */ (
      el('svg', { viewBox: `${-PAD_X} ${-PAD_TOP} ${w} ${h}`, role: 'grid', 'aria-roledescription': speech().boardKind })
    )
  );
  svg.setAttribute('aria-label', label);
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

  const labels = el('g', { 'aria-hidden': 'true' }, svg);
  const pointLayer = el('g', {}, svg);
  const dragLayer = el('g', { class: 'dragging', 'aria-hidden': 'true' }, svg);
  /** @type {Map<number, SVGElement>} */
  const rows = new Map();
  /** @type {Map<string, SVGGElement>} */
  const points = new Map();

  // The points form a grid of ten rows (ranks) of nine cells, in the order they are seen
  // (`layoutBoard` reorders them when the board turns).
  for (let rank = 0; rank <= 9; rank++) {
    const row = el('g', { role: 'row', 'data-rank': rank }, pointLayer);
    rows.set(rank, row);
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
      points.set(sq, p);
    }
  }
  return { svg, labels, pointLayer, dragLayer, rows, points };
}


/**
 * Places the points and labels of `parts` for `orientation` (the side at the bottom),
 * keeping the keyboard focus on `focusSq` if the board had it.
 * @param {BoardParts} parts
 * @param {Color} orientation
 * @param {string} focusSq
 */
export function layoutBoard(parts, orientation, focusSq) {
  const flipped = orientation === 'black';
  for (const [sq, p] of parts.points) {
    const [x, y] = pointXY(orientation, sq);
    p.setAttribute('transform', `translate(${x} ${y})`);
  }
  // The grid reads as seen: top rank first, each rank from the left.
  const focused = parts.svg.contains(document.activeElement) ? focusSq : null;
  const layer = parts.pointLayer;
  for (let rr = 0; rr <= 9; rr++) {
    const rank = flipped ? rr : 9 - rr;
    const row = /** @type {SVGElement} */ (parts.rows.get(rank));
    layer.appendChild(row);
    for (let c = 0; c <= 8; c++) {
      const p = parts.points.get(squareAt(flipped ? 8 - c : c, rank));
      if (p) row.appendChild(p);
    }
  }
  if (focused) parts.points.get(focused)?.focus();
  const lbl = parts.labels;
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
 * Screen position of a point with `orientation` at the bottom.
 * @param {Color} orientation
 * @param {string} sq
 * @returns {[number, number]}
 */
export function pointXY(orientation, sq) {
  const [file, rank] = fileRank(sq);
  return orientation === 'black' ? [(8 - file) * S, rank * S] : [file * S, (9 - rank) * S];
}

/**
 * The point under SVG coordinates with `orientation` at the bottom, or null.
 * @param {Color} orientation
 * @param {number} x
 * @param {number} y
 */
export function squareAtXY(orientation, x, y) {
  const c = Math.round(x / S);
  const r = Math.round(y / S);
  if (c < 0 || c > 8 || r < 0 || r > 9) return null;
  return orientation === 'black' ? squareAt(8 - c, r) : squareAt(c, 9 - r);
}

/**
 * Draws the piece of FEN `letter` in `style` (Chinese characters, letters, or the symbols of
 * how it moves, board-symbols.js).
 * @param {string} letter
 * @param {PieceStyle} style
 * @returns {SVGGElement}
 */
export function makePiece(letter, style) {
  const color = colorOf(letter);
  const l = letter.toLowerCase();
  const g = /** @type {SVGGElement} */ (el('g', { class: `piece ${color}`, 'data-piece': letter, 'aria-hidden': 'true' }));
  el('circle', { class: 'shadow', cx: 1.5, cy: 2.5, r: R_PIECE }, g);
  el('circle', { class: 'disc', r: R_PIECE }, g);
  el('circle', { class: 'ring', r: R_PIECE - 4.5 }, g);
  if (style === 'symbols') {
    const symbol = el('g', { class: 'symbol', 'data-symbol': l }, g);
    for (const [tag, attrs] of SYMBOLS[l] ?? []) el(tag, attrs, symbol);
    return g;
  }
  const letters = style === 'letters';
  const t = el('text', {
    class: letters ? 'glyph letters' : 'glyph',
    'text-anchor': 'middle',
    'dominant-baseline': 'central',
    y: letters ? 1 : 1.5,
  }, g);
  t.textContent = letters ? LETTER[l] : (color === 'red' ? CHINESE_RED : CHINESE_BLACK)[l];
  return g;
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
.xq-board .piece.red .symbol{color:#b3261e}
.xq-board .piece.black .symbol{color:#f5f5f4}
.xq-board .symbol .sl{fill:none;stroke:currentColor;stroke-width:3;stroke-linecap:round;stroke-linejoin:round}
.xq-board .symbol .sl.thin{stroke-width:1.8}
.xq-board .symbol .sd,.xq-board .symbol .sf{fill:currentColor}
.xq-board .symbol .so{stroke:currentColor;stroke-width:2}
.xq-board .piece.red .symbol .so{fill:#fff8ea}
.xq-board .piece.black .symbol .so{fill:#262626}
.xq-board .symbol{pointer-events:none}
.xq-board .dragging{pointer-events:none}
.xq-board .dest-dot{fill:rgba(21,128,61,.8);stroke:#fff;stroke-width:1.5}
.xq-board .dest-ring{fill:none;stroke:rgba(21,128,61,.9);stroke-width:4.5}
.xq-board .pt.dest:hover .dest-dot{fill:#15803d}
.xq-board .caption{position:absolute;left:50%;bottom:.25rem;transform:translateX(-50%);max-width:90%;overflow:hidden;text-overflow:ellipsis;white-space:nowrap;background:rgba(34,28,23,.85);color:#fff;padding:.1rem .55rem;border-radius:6px;font-size:.85rem;pointer-events:none;z-index:2}
.xq-board .caption:empty{display:none}
@media (hover:none){.xq-board .caption{display:none}}
.xq-board .note{position:absolute;left:50%;top:50%;transform:translate(-50%,-50%);max-width:80%;background:rgba(34,28,23,.92);color:#fff;padding:.55rem .95rem;border-radius:10px;text-align:center;font-size:.95rem;line-height:1.35;pointer-events:none;z-index:3;box-shadow:0 4px 14px rgba(0,0,0,.25)}
.xq-board .note[hidden]{display:none}
.xq-sr{position:absolute!important;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0,0,0,0);white-space:nowrap;border:0}
`;

/** Adds the board's style sheet to the page, once. */
export function injectBoardStyle() {
  if (document.getElementById(STYLE_ID)) return;
  const st = document.createElement('style');
  st.id = STYLE_ID;
  st.textContent = CSS;
  document.head.appendChild(st);
}
