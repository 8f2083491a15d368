// @ts-check
/**
 * @file Repetition rulings and warnings in a player's words, written from the `cycle` data
 * the server sends with a status (`CYCLE` in docs/protocol.md): moves in the notation the
 * player chose, pieces named, move numbers as the move list counts them. The texts are the
 * `ruling` section of the page's language file (`web/i18n/<code>.json`, js/i18n.js); no rule is judged here — who is at fault and what each ply did are the
 * server's.
 *
 * ```js
 * explanationOf(status, 'wxf');  // "Red loses by perpetual check: Red's chariot checked …"
 * warningOf(status, 'iccs');     // "Red is repeating with perpetual check: … Red must …"
 * cycleMarks(activeCycle(status)); // Map ply → {kind, text} for the move list
 * ```
 */

import { format, lang, lookup, section } from './i18n.js';

/** @typedef {import('./api.js').Cycle} Cycle */
/** @typedef {import('./api.js').CyclePly} CyclePly */
/** @typedef {import('./api.js').GameStatus} GameStatus */
/** @typedef {import('./notation.js').Notation} Notation */
/** @typedef {typeof import('../i18n/en.json')['ruling']} Strings */
/** @typedef {'red'|'black'} Side */

/**
 * Returns the repetition texts of the page's language: templates with `{name}` parts
 * (`{side} loses by {reason}: …`), filled by `format`.
 * @returns {Strings}
 */
export function strings() {
  return section('ruling');
}

/**
 * Tells whether `c` has the shape of the server's cycle data.
 * @param {unknown} c
 * @returns {c is Cycle}
 */
function isCycle(c) {
  if (!c || typeof c !== 'object') return false;
  const x = /** @type {Record<string, unknown>} */ (c);
  return Array.isArray(x.plies) && x.plies.length > 0 && typeof x.occurrences === 'number'
    && x.plies.every((p) => p && typeof p === 'object' && typeof p.ply === 'number' && (p.side === 'red' || p.side === 'black'));
}

/**
 * Returns the cycle a page should explain and mark: the status's cycle when the status is a
 * ruling or carries a warning, else null.
 * @param {GameStatus|null|undefined} status
 * @returns {Cycle|null}
 */
export function activeCycle(status) {
  if (!status || !isCycle(status.cycle)) return null;
  return status.result !== 'ongoing' || status.warning ? status.cycle : null;
}

/**
 * Writes one ply of the cycle in `notation`.
 * @param {CyclePly} p
 * @param {Notation} notation
 */
export function plyText(p, notation) {
  if (notation === 'chinese' && p.chinese) return p.chinese;
  if (notation === 'iccs') return p.iccs;
  return p.wxf || p.iccs;
}

/** @param {Side} side @returns {Side} */
const other = (side) => (side === 'red' ? 'black' : 'red');

/**
 * Joins items as a list: "a", "a and b", "a, b and c".
 * @param {string[]} items
 * @param {Strings} s
 */
function list(items, s) {
  if (items.length < 2) return items[0] ?? '';
  return format(s.listLast, { init: items.slice(0, -1).join(s.listSep), last: items[items.length - 1] });
}

/** @param {string} side @param {Strings} s */
const sideName = (side, s) => s.sides[/** @type {Side} */ (side)] ?? side;
/** @param {string} piece @param {Strings} s */
const pieceName = (piece, s) => s.pieces[/** @type {keyof Strings['pieces']} */ (piece)] ?? piece;

/**
 * Names `side`'s pieces that checked (`kind` check) or chased (`kind` chase) in the cycle:
 * "Red's chariot", "Red's chariot and horse".
 * @param {Cycle} cycle
 * @param {Side} side
 * @param {'check'|'chase'} kind
 * @param {Strings} s
 */
function piecesDoing(cycle, side, kind, s) {
  /** @type {string[]} */
  const roles = [];
  for (const p of cycle.plies) {
    if (p.side !== side || p.kind !== kind) continue;
    const role = kind === 'chase' ? p.chaser?.piece : (p.checker?.piece ?? p.piece);
    if (role && !roles.includes(role)) roles.push(role);
  }
  if (!roles.length) return sideName(side, s);
  return format(s.sidePieces, { side: sideName(side, s), pieces: list(roles.map((r) => pieceName(r, s)), s) });
}

/**
 * The piece `side` chases, where the cycle first chases it: "Black's chariot (a5)".
 * @param {Cycle} cycle
 * @param {Side} side
 * @param {Strings} s
 */
function targetOf(cycle, side, s) {
  return targetText(cycle.plies.find((p) => p.side === side && p.kind === 'chase' && p.target)?.target, s);
}

/**
 * Names a chased piece on its point: "Black's chariot (a5)"; empty for none.
 * @param {CyclePly['target']|undefined} t
 * @param {Strings} s
 */
function targetText(t, s) {
  return t ? format(s.target, { side: sideName(t.color, s), piece: pieceName(t.piece, s), square: t.square }) : '';
}

/**
 * Says which of `side`'s moves: "on every move from move 1 to move 6".
 * @param {CyclePly[]} plies
 * @param {Strings} s
 */
function span(plies, s) {
  const first = plies[0]?.move_number ?? 0;
  const last = plies[plies.length - 1]?.move_number ?? first;
  return format(first === last ? s.onMove : s.everyMove, { first, last });
}

/**
 * Lists `side`'s moves of the cycle's first lap in `notation`, with "…" when more laps
 * follow: "R2+1, R2-1, …".
 * @param {Cycle} cycle
 * @param {Side} side
 * @param {Notation} notation
 * @param {Strings} s
 */
function movesOf(cycle, side, notation, s) {
  const n = cycle.plies.length;
  const laps = Math.max(1, cycle.occurrences - 1);
  const lap = n % laps === 0 ? n / laps : n;
  const moves = cycle.plies.slice(0, lap).filter((p) => p.side === side).map((p) => plyText(p, notation));
  if (lap < n) moves.push(s.more);
  return moves.join(s.listSep);
}

/**
 * What the side at fault did: "Red's chariot checked on every move from move 1 to move 6".
 * @param {Cycle} cycle
 * @param {Side} x
 * @param {Strings} s
 */
function offence(cycle, x, s) {
  const own = cycle.plies.filter((p) => p.side === x);
  if (cycle.reason === 'perpetual_check') {
    return format(s.checked, { pieces: piecesDoing(cycle, x, 'check', s), span: span(own, s) });
  }
  return format(s.chased, { pieces: piecesDoing(cycle, x, 'chase', s), target: targetOf(cycle, x, s), span: span(own, s) });
}

/**
 * Writes a repetition ruling: "Red loses by perpetual check: Red's chariot checked on every
 * move from move 1 to move 6 (R2+1, R2-1, …); Black's replies broke no rule."
 * @param {Cycle} cycle
 * @param {Notation} notation
 * @param {Strings} [s]
 * @returns {string}
 */
export function cycleSentence(cycle, notation, s = strings()) {
  const x = cycle.offender;
  if (x === 'red' || x === 'black') {
    const y = other(x);
    const conduct = cycle.conduct?.[y];
    const others = conduct === 'perpetual_chase'
      ? format(s.other.perpetual_chase, { pieces: piecesDoing(cycle, y, 'chase', s), target: targetOf(cycle, y, s) })
      : format(conduct === 'perpetual_check' ? s.other.perpetual_check : s.other.allowed, { side: sideName(y, s) });
    return format(s.loses, {
      side: sideName(x, s),
      reason: s.reasons[/** @type {keyof Strings['reasons']} */ (cycle.reason)] ?? s.reasons.repetition,
      what: offence(cycle, x, s),
      moves: movesOf(cycle, x, notation, s),
      other: others,
    });
  }
  const c = cycle.conduct ?? { red: 'allowed', black: 'allowed' };
  const why = c.red === 'perpetual_check' && c.black === 'perpetual_check'
    ? s.drawWhy.checks
    : c.red !== 'allowed' && c.black !== 'allowed' ? s.drawWhy.chases : s.drawWhy.neither;
  return format(s.draw, {
    occurrences: cycle.occurrences,
    first: cycle.plies[0].move_number,
    last: cycle.plies[cycle.plies.length - 1].move_number,
    why,
  });
}

/**
 * Writes the warning before the deciding occurrence: what the side at fault did and what it
 * must change. Null when nobody is at fault.
 * @param {Cycle} cycle
 * @param {Notation} notation
 * @param {Strings} [s]
 * @returns {string|null}
 */
export function cycleWarning(cycle, notation, s = strings()) {
  const x = cycle.offender;
  if (x !== 'red' && x !== 'black') return null;
  const check = cycle.reason === 'perpetual_check';
  return format(s.warning, {
    side: sideName(x, s),
    reason: check ? s.reasons.perpetual_check : s.reasons.perpetual_chase,
    what: offence(cycle, x, s),
    moves: movesOf(cycle, x, notation, s),
    occurrences: cycle.occurrences,
    change: check ? s.change.perpetual_check : format(s.change.perpetual_chase, { target: targetOf(cycle, x, s) }),
  });
}

/**
 * Describes each ply of the cycle for the move list: ply → its kind and an accessible text
 * ("repetition cycle: chases Black's chariot (a5)").
 * @param {Cycle|null} cycle
 * @param {Strings} [s]
 * @returns {Map<number, {kind: string, text: string}>}
 */
export function cycleMarks(cycle, s = strings()) {
  /** @type {Map<number, {kind: string, text: string}>} */
  const marks = new Map();
  if (!cycle) return marks;
  for (const p of cycle.plies) {
    const kind = p.kind in s.marks ? p.kind : 'idle';
    const what = format(s.marks[/** @type {keyof Strings['marks']} */ (kind)], { target: targetText(p.target, s) });
    marks.set(p.ply, { kind, text: format(s.mark, { what }) });
  }
  return marks;
}

/**
 * The ruling of a finished game in words: written from the cycle for a repetition, the
 * server's sentence otherwise.
 * @param {GameStatus} status
 * @param {Notation} notation
 * @returns {string}
 */
export function explanationOf(status, notation) {
  const cycle = status.result !== 'ongoing' ? activeCycle(status) : null;
  if (cycle) return cycleSentence(cycle, notation);
  // The rules library's sentence is English: another language says the reason in its words.
  const own = lang !== 'en' && status.reason ? lookup(`explain.${status.reason}`) : undefined;
  if (typeof own === 'string' && status.result !== 'ongoing') {
    const sides = strings().sides;
    const w = status.result;
    const winner = w === 'red' || w === 'black' ? sides[w] : '';
    const loser = w === 'red' ? sides.black : w === 'black' ? sides.red : '';
    return format(own, { winner, loser });
  }
  return status.explanation ?? '';
}

/**
 * The warning of a status in words (null when there is none): written from the cycle when
 * it names the side at fault, the server's sentence otherwise.
 * @param {GameStatus} status
 * @param {Notation} notation
 * @returns {string|null}
 */
export function warningOf(status, notation) {
  if (!status.warning) return null;
  const cycle = activeCycle(status);
  return (cycle && cycleWarning(cycle, notation)) || status.warning;
}
