// @ts-check
/**
 * @file The texts of the repetition explanations, one object per language (English now).
 * A template names its parts in braces (`{side} loses by {reason}`), filled by `format`;
 * cycle.js builds the sentences from the server's cycle data with them, so another language
 * is one more object of the same shape here, chosen by the page's `lang`.
 */

/** English. */
export const en = {
  /** The colours as a sentence names them. */
  sides: { red: 'Red', black: 'Black' },
  /** The pieces, by their wire names. */
  pieces: {
    general: 'general', advisor: 'advisor', elephant: 'elephant', horse: 'horse',
    chariot: 'chariot', cannon: 'cannon', soldier: 'soldier',
  },
  /** A side's pieces: "Red's chariot", "Red's chariot and horse". */
  sidePieces: "{side}'s {pieces}",
  /** The last two items of a list. */
  listLast: '{init} and {last}',
  /** Between the other items of a list. */
  listSep: ', ',
  /** After a list of moves that goes on (the cycle's first lap). */
  more: '…',
  /** A chased piece: "Black's chariot (a5)". */
  target: "{side}'s {piece} ({square})",
  /** The moves of one side: "on move 3". */
  onMove: 'on move {first}',
  /** … or "on every move from move 1 to move 6". */
  everyMove: 'on every move from move {first} to move {last}',
  /** The reasons of repetition rulings. */
  reasons: {
    perpetual_check: 'perpetual check', perpetual_chase: 'perpetual chase', repetition: 'repetition',
  },
  /** What the side at fault did. */
  checked: '{pieces} checked {span}',
  chased: '{pieces} chased {target} {span}',
  /** The ruling: "Red loses by perpetual check: … (R2+1, R2-1, …); Black's replies broke no rule." */
  loses: '{side} loses by {reason}: {what} ({moves}); {other}.',
  /** What the other side did, by its conduct. */
  other: {
    allowed: "{side}'s replies broke no rule",
    perpetual_check: '{side} checked on every move too',
    perpetual_chase: '{pieces} chased {target} meanwhile, but a perpetual check must change first',
  },
  /** A drawn repetition and why. */
  draw: 'Drawn by repetition: the same position occurred {occurrences} times (moves {first} to {last}) and {why}.',
  drawWhy: {
    checks: 'both sides checked on every move, so neither is at fault',
    chases: 'both sides chased on every move, so neither is at fault',
    neither: 'neither side checked or chased on every move',
  },
  /** The warning at the occurrence before the deciding one. */
  warning: '{side} is repeating with {reason}: {what} ({moves}), and the position has occurred {occurrences} times. Repeating once more loses: {side} must {change}.',
  /** What the side at fault must change. */
  change: {
    perpetual_check: 'play a move that does not give check',
    perpetual_chase: 'stop threatening {target}',
  },
  /** The accessible description of a move of the cycle in the move list. */
  mark: 'repetition cycle: {what}',
  marks: {
    check: 'gives check', chase: 'chases {target}', kill: 'threatens mate', idle: 'neither checks nor chases',
  },
};

/** @typedef {typeof en} Strings */

/** Every language, by its code. @type {Record<string, Strings>} */
export const LANGUAGES = { en };

/**
 * Returns the texts of `lang` (default: the page's language), English when there are none.
 * @param {string} [lang]
 * @returns {Strings}
 */
export function strings(lang = document.documentElement.lang) {
  return LANGUAGES[(lang || 'en').toLowerCase().split('-')[0]] ?? en;
}

/**
 * Fills a template's `{name}` parts; a part not given stays as written.
 * @param {string} template
 * @param {Record<string, string|number>} parts
 * @returns {string}
 */
export function format(template, parts) {
  return template.replace(/\{(\w+)\}/g, (all, name) => (name in parts ? String(parts[name]) : all));
}
