// @ts-check
/**
 * @file The piece set for players who do not read Chinese characters: each piece drawn as a
 * symbol of how it moves, as data (`SYMBOLS`) that board-draw.js's `makePiece` draws inside
 * the disc, in the side's colour (`currentColor`). Drawn for this project in the spirit of
 * pychess's "international" Xiangqi set; no external file.
 *
 * - general: the palace and one step along a line (a plus with its four ends);
 * - advisor: the palace and one step along a diagonal (an X with its four ends);
 * - elephant: two steps along a diagonal, the eye at the midpoint (rings on a large X);
 * - horse: one step along a line, the leg (rings), then one diagonal step (forks);
 * - chariot: any distance along a line (a plus with arrowheads);
 * - cannon: the chariot's lines with a screen on each (rings), its jump to capture;
 * - soldier: a pawn, the Western chess piece that also moves one step forward.
 *
 * Coordinates are in the piece's own frame: the disc has radius 26 (board-draw.js `R_PIECE`)
 * and its ring 21.5, so every part stays within 20 of the centre. Classes: `sl` a stroked
 * line, `thin` a thinner one, `sd` a dot, `so` a ring (filled with the disc's colour, so a line
 * under it is hidden), `sf` a filled shape.
 */

/** @typedef {[string, Record<string, string|number>]} SymbolPart an SVG element and its attributes */

/** @param {number} x @param {number} y @returns {SymbolPart} */
const dot = (x, y) => ['circle', { class: 'sd', cx: x, cy: y, r: 2.6 }];
/** @param {number} x @param {number} y @returns {SymbolPart} */
const ring = (x, y) => ['circle', { class: 'so', cx: x, cy: y, r: 3 }];
/** @param {string} d @param {string} [cls] @returns {SymbolPart} */
const line = (d, cls = 'sl') => ['path', { class: cls, d }];
/** The palace: a square around the general's and the advisor's symbols. @type {SymbolPart} */
const PALACE = ['rect', { class: 'sl thin', x: -13, y: -13, width: 26, height: 26, rx: 2 }];
/** Arrowheads at the four ends of a plus of half-length 15. */
const ARROWS = line('M-4,-11L0,-15L4,-11M-4,11L0,15L4,11M-11,-4L-15,0L-11,4M11,-4L15,0L11,4');

/** The symbol of each piece, by lower-case FEN letter. @type {Record<string, SymbolPart[]>} */
export const SYMBOLS = {
  k: [PALACE, line('M0,-7V7M-7,0H7'), dot(0, -7), dot(0, 7), dot(-7, 0), dot(7, 0)],
  a: [PALACE, line('M-6,-6L6,6M6,-6L-6,6'), dot(-6, -6), dot(6, 6), dot(6, -6), dot(-6, 6)],
  b: [line('M-12,-12L12,12M12,-12L-12,12'), ring(-6, -6), ring(6, 6), ring(6, -6), ring(-6, 6),
    dot(-12, -12), dot(12, 12), dot(12, -12), dot(-12, 12)],
  n: [line('M0,-5V5M0,-5L-8,-13M0,-5L8,-13M0,5L-8,13M0,5L8,13'), ring(0, -5), ring(0, 5),
    dot(-8, -13), dot(8, -13), dot(-8, 13), dot(8, 13)],
  r: [line('M0,-15V15M-15,0H15'), ARROWS],
  c: [line('M0,-15V15M-15,0H15', 'sl thin'), ARROWS, ring(0, -8), ring(0, 8), ring(-8, 0), ring(8, 0)],
  p: [['circle', { class: 'sf', cx: 0, cy: -7, r: 5 }], line('M-4,-2H4L8,11H-8Z', 'sf'),
    ['rect', { class: 'sf', x: -10, y: 11, width: 20, height: 3, rx: 1 }]],
};
