// @ts-check
/**
 * @file What screen readers are told: the spoken phrases (the `speech` section of the
 * page's language file, `web/i18n/<code>.json`, chosen by i18n.js), the sentences of a move
 * built from them, and the page's one polite live region that says them.
 *
 * A template names its parts in braces (`{side} {piece} {from} to {to}`), filled by
 * i18n.js's `format`; no sentence is made by joining English fragments, so each
 * language writes whole sentences in its own order. The colours and pieces are the ruling texts'
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

import { format, section } from './i18n.js';

/** @returns {import('./cycle.js').Strings} the ruling texts, whose `sides` and `pieces` name colours and pieces */
const strings = () => section('ruling');

/** @typedef {typeof import('../i18n/en.json')['speech']} Speech */

/**
 * Returns the spoken phrases of the page's language (the `speech` section of its file).
 * @returns {Speech}
 */
export function speech() {
  return section('speech');
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
