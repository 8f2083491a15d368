// @ts-check
/**
 * @file What screen readers are told: every spoken phrase in one object per language
 * (English now, `en`), the sentences of a move built from them, and the page's one polite
 * live region that says them.
 *
 * A template names its parts in braces (`{side} {piece} {from} to {to}`), filled by
 * strings.js's `format`; no sentence is made by joining English fragments, so another
 * language is one more object of the same shape. The colours and pieces are strings.js's
 * (`sides`, `pieces`), shared with the repetition explanations.
 *
 * A move is described from the position before it, as the rules module wrote it (its FEN:
 * which piece of which side stood on the move's first square and what stood on its second),
 * and from the rules module's answer after it (`check`, `status`, the repetition warning):
 * nothing here decides a rule. Squares are ICCS names: files a–i from Red's left, ranks 0–9
 * from Red's side ("Red cannon h2 to e2, check", "Black horse h9 takes soldier g7",
 * "Red chariot a0 to a9. Checkmate. Red wins.").
 *
 * The live region (`announce`) is a `role="log"` element with `aria-live="polite"`,
 * `#xq-live`, made once per page by the first board (visually hidden, class `xq-sr`): each announcement is a new
 * line in it, so a move and the reply that follows at once are both read, in order, and a
 * repeated text is read again. It keeps the last {@link KEEP} lines.
 */

import { format, strings } from './strings.js';

/** English. */
export const en = {
  /** A move: "Red cannon h2 to e2". */
  move: '{side} {piece} {from} to {to}',
  /** A capture: "Black horse h9 takes soldier g7" (`taken` is the piece taken). */
  capture: '{side} {piece} {from} takes {taken} {to}',
  /** A move that gives check. */
  check: '{move}, check',
  /** A move that ends the game: "Red chariot a0 to a9. Checkmate. Red wins." */
  ends: '{move}. {result}',
  /** A move after which the rules module warns of a repetition (cycle.js writes the warning). */
  warns: '{move}. Warning: {warning}',
  /** The end of a game, by the status's reason (`winner` and `loser` are colours). */
  results: {
    checkmate: 'Checkmate. {winner} wins.',
    no_legal_moves: '{loser} has no legal move. {winner} wins.',
    resignation: '{loser} resigned. {winner} wins.',
    time_forfeit: "{loser}'s time ran out. {winner} wins.",
    perpetual_check: '{loser} loses by perpetual check. {winner} wins.',
    perpetual_chase: '{loser} loses by perpetual chase. {winner} wins.',
    repetition: 'Draw by repetition.',
    move_limit: 'Draw: the move limit was reached without a capture.',
    insufficient_material: 'Draw: neither side has a piece that can cross the river.',
    agreement: 'Draw by agreement.',
    abandonment: '{loser} left the game. {winner} wins.',
    aborted: 'The game was aborted.',
  },
  /** An end with a reason not listed above. */
  wins: '{winner} wins.',
  draw: 'Draw.',
  /** Whose turn it is (after a take back, a new game, a jump). */
  toMove: '{side} to move.',
  toMoveInCheck: '{side} to move, in check.',
  /** The moves taken back, and whose turn it is then. */
  tookBackOne: 'Move taken back. {side} to move.',
  tookBackMany: '{count} moves taken back. {side} to move.',
  /** A new game of the same page. */
  newGame: 'New game. {side} to move.',
  /** Stepping through a game (replay, analysis, the move list): "Move 3: Red cannon h2 to e2". */
  stepped: 'Move {ply}: {move}',
  /** Stepping to the start. */
  start: 'Start position. {side} to move.',
  /** Leaving the earlier positions for the game being played. */
  backToGame: 'Back to the current position. {side} to move.',
  /** The board's accessible name, unless the page gives one. */
  board: 'Xiangqi board',
  /** The board's kind, said with its name. */
  boardKind: 'board',
  /** A piece: "Red horse". */
  piece: '{side} {piece}',
  /** An intersection: "e0, Red general", "e5, empty". */
  point: '{square}, {what}',
  empty: 'empty',
  /** What an intersection is now, each said after its name ("e3, Red soldier, selected"). */
  pointStates: {
    selected: 'selected', legal: 'legal move', capture: 'capture', last: 'last move', check: 'in check',
  },
  /** Between an intersection's name and each of its states. */
  stateSep: ', ',
  /** A piece chosen that cannot move. */
  noMove: '{piece} on {square} has no legal move',
};

/** @typedef {typeof en} Speech */

/** Every language, by its code. @type {Record<string, Speech>} */
export const LANGUAGES = { en };

/**
 * Returns the phrases of `lang` (default: the page's language), English when there are none.
 * @param {string} [lang]
 * @returns {Speech}
 */
export function speech(lang = document.documentElement.lang) {
  return LANGUAGES[(lang || 'en').toLowerCase().split('-')[0]] ?? en;
}

/** @typedef {'red'|'black'} Color */

/** @type {Record<string, string>} FEN letter (lower case) → wire name of the piece */
const ROLE = { k: 'general', a: 'advisor', b: 'elephant', e: 'elephant', n: 'horse', h: 'horse', r: 'chariot', c: 'cannon', p: 'soldier' };

/**
 * Names a colour: "Red".
 * @param {Color} color
 */
export function sideWord(color) {
  return strings().sides[color];
}

/**
 * Names the kind of the piece a FEN letter stands for: "horse".
 * @param {string} letter `K A B N R C P` (E and H read too), upper case Red
 */
export function roleWord(letter) {
  const role = ROLE[letter.toLowerCase()];
  const names = /** @type {Record<string, string>} */ (strings().pieces);
  return role ? names[role] ?? role : letter;
}

/**
 * The colour of a FEN letter: upper case is Red.
 * @param {string} letter
 * @returns {Color}
 */
export function colorOfLetter(letter) {
  return letter === letter.toUpperCase() ? 'red' : 'black';
}

/**
 * Names a piece with its side: "Red horse".
 * @param {string} letter FEN letter
 */
export function pieceWords(letter) {
  return format(speech().piece, { side: sideWord(colorOfLetter(letter)), piece: roleWord(letter) });
}

/**
 * Describes a move from what stood on its squares before it: "Red cannon h2 to e2",
 * "Black horse h9 takes soldier g7".
 * @param {string} move ICCS (`h2e2`)
 * @param {string} mover the FEN letter on the move's first square before the move
 * @param {string|null|undefined} taken the FEN letter on its second square, if any
 */
export function moveWords(move, mover, taken) {
  const s = speech();
  const parts = { side: sideWord(colorOfLetter(mover)), piece: roleWord(mover), from: move.slice(0, 2), to: move.slice(2, 4) };
  return taken ? format(s.capture, { ...parts, taken: roleWord(taken) }) : format(s.move, parts);
}

/**
 * The end of a game in words ("Checkmate. Red wins."), or '' while it goes on.
 * @param {{result: string, reason?: string|null}} status the rules module's (or the server's) status
 */
export function resultWords(status) {
  const s = speech();
  const w = status.result;
  if (w === 'ongoing') return '';
  const winner = w === 'red' || w === 'black' ? sideWord(w) : '';
  const loser = w === 'red' ? sideWord('black') : w === 'black' ? sideWord('red') : '';
  const results = /** @type {Record<string, string>} */ (s.results);
  const template = (status.reason && results[status.reason]) || (w === 'draw' ? s.draw : w === 'aborted' ? s.results.aborted : s.wins);
  return format(template, { winner, loser });
}

/**
 * A move with what it led to: check, the end of the game, or a repetition warning.
 * @param {string} words the move in words (`moveWords`)
 * @param {{check: boolean, status?: {result: string, reason?: string|null}|null, warning?: string}} after
 *   the rules module's answer for the position after the move; `warning` cycle.js's text of its warning
 */
export function outcomeWords(words, after) {
  const s = speech();
  const result = after.status ? resultWords(after.status) : '';
  if (result) return format(s.ends, { move: words, result });
  const move = after.check ? format(s.check, { move: words }) : words;
  return after.warning ? format(s.warns, { move, warning: after.warning }) : move;
}

/**
 * Whose turn it is: "Red to move.", "Black to move, in check."
 * @param {Color} side
 * @param {boolean} check
 */
export function toMoveWords(side, check) {
  const s = speech();
  return format(check ? s.toMoveInCheck : s.toMove, { side: sideWord(side) });
}

/** How many announcements the live region keeps. */
export const KEEP = 5;

/** @returns {HTMLElement} the page's live region, made on first use */
export function liveRegion() {
  let live = document.getElementById('xq-live');
  if (!live) {
    live = document.createElement('div');
    live.id = 'xq-live';
    live.className = 'xq-sr';
    // Hidden from sight but not from screen readers, also on a page without board styles.
    Object.assign(live.style, {
      position: 'absolute', width: '1px', height: '1px', margin: '-1px', padding: '0',
      overflow: 'hidden', clip: 'rect(0, 0, 0, 0)', whiteSpace: 'nowrap', border: '0',
    });
    live.setAttribute('role', 'log');
    live.setAttribute('aria-live', 'polite');
    document.body.appendChild(live);
  }
  return live;
}

/**
 * Says `text` through the page's live region (a new line of the log).
 * @param {string} text nothing is said when empty
 */
export function announce(text) {
  if (!text) return;
  const live = liveRegion();
  const line = document.createElement('p');
  line.textContent = text;
  live.appendChild(line);
  while (live.childElementCount > KEEP) live.firstElementChild?.remove();
}
