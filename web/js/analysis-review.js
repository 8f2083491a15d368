// @ts-check
/**
 * @file The analysis board's game review: every position of the line searched with a fixed
 * effort (`REVIEW_NODES`, so a review gives the same verdicts on a fast and a slow
 * computer), each move judged by how much of the mover's expected score it gives away
 * (analysis-score.js), the evaluation graph and the summary per side.
 *
 * A move is marked only when it leaves the opening book (the engine module's `book` call:
 * the main lines of the standard openings) and loses at least `THRESHOLDS`' share of the
 * expected score: 5, 10 and 15 points of 100 for an inaccuracy (?!), a mistake (?) and a
 * blunder (??) — lichess's thresholds on its winning chances. Judging by the expected score
 * rather than raw centipawns keeps the engine's small disagreements in a level position,
 * and a won position's swings, from being called mistakes. Nor is a move marked that the
 * review's own search chose in that position (among them every only move): its loss is
 * the search's noise from one position to the next, or a repetition ruling the search saw
 * only once the moves were repeated, not the player's error.
 */

import { t, t as tr } from './i18n.js';
import { localPosition } from './xiangqi-wasm.js';
import { redView, formatScore, finalScore, finalExpected, expectedScore } from './analysis-score.js';

/** @typedef {import('./engine.js').Engine} Engine */
/** @typedef {import('./engine.js').EngineScore} EngineScore */
/** @typedef {import('./movelist.js').MoveNote} MoveNote */

/** Nodes searched per position of a review (about half a second in a browser). */
export const REVIEW_NODES = 150000;

/** The least loss of expected score (0–1, the mover's) of each kind of bad move, worst first. */
export const THRESHOLDS = [
  { kind: 'blunder', min: 0.15, symbol: '??', word: t('analysis.blunder'), words: t('analysis.blunders') },
  { kind: 'mistake', min: 0.10, symbol: '?', word: t('analysis.mistake'), words: t('analysis.mistakes') },
  { kind: 'inaccuracy', min: 0.05, symbol: '?!', word: t('analysis.inaccuracy'), words: t('analysis.inaccuracies') },
];

/**
 * @typedef {object} Review
 * @property {string} key the line reviewed (start and moves)
 * @property {EngineScore[]} evals Red's view, by ply
 * @property {number[]} expected Red's expected score (0–1), by ply
 * @property {number[]} losses expected score lost by the move of each ply (index 0 unused)
 * @property {number} book the plies that follow the opening book
 * @property {Map<number, MoveNote>} notes
 * @property {('red'|'black')[]} turns the side to move, by ply
 */

/**
 * @typedef {object} SearchedLine every position of a line, searched
 * @property {string[]} moves the line's moves (ICCS)
 * @property {EngineScore[]} evals Red's view, by ply
 * @property {number[]} expected Red's expected score (0–1), by ply
 * @property {('red'|'black')[]} turns the side to move, by ply
 * @property {(string|null)[]} bests the search's move in each position (ICCS; null where
 *   the game is over)
 * @property {number} book the plies that follow the opening book
 */

/**
 * Searches every position of a line. Resolves to null when cancelled (`token.cancelled`)
 * and rejects when the rules module or the engine fails.
 * @param {{startFen: string|null, moves: string[], engine: Engine, token: {cancelled: boolean},
 *   onProgress: (done: number, total: number) => void}} job
 * @returns {Promise<SearchedLine|null>}
 */
export async function searchLine({ startFen, moves, engine, token, onProgress }) {
  /** @type {EngineScore[]} */
  const evals = [];
  /** @type {number[]} */
  const expected = [];
  /** @type {('red'|'black')[]} */
  const turns = [];
  /** @type {(string|null)[]} */
  const bests = [];
  const { plies: book } = await engine.book({ fen: startFen, moves });
  for (let p = 0; p <= moves.length; p++) {
    onProgress(p, moves.length + 1);
    const info = await localPosition(startFen, moves.slice(0, p));
    turns.push(info.turn);
    const final = finalScore(info);
    if (final) {
      evals.push(final);
      expected.push(/** @type {number} */ (finalExpected(info)));
      bests.push(null);
      continue;
    }
    const r = await engine.search({ fen: startFen, moves: moves.slice(0, p), nodes: REVIEW_NODES });
    if (token.cancelled) return null;
    const red = redView(r.score, info.turn);
    evals.push(red);
    expected.push(expectedScore(red));
    bests.push(r.best);
  }
  return { moves, evals, expected, turns, bests, book };
}

/**
 * Judges each move of a searched line: its loss of expected score for the side that played
 * it, and a note where the loss reaches a threshold after the book, unless the search chose
 * that move itself.
 * @param {string} key the line
 * @param {SearchedLine} searched
 * @returns {Review}
 */
export function judge(key, { moves, evals, expected, turns, bests, book }) {
  const losses = [0];
  /** @type {Map<number, MoveNote>} */
  const notes = new Map();
  for (let p = 1; p < expected.length; p++) {
    const mover = turns[p - 1] === 'red' ? 1 : -1;
    const loss = Math.max(0, mover * (expected[p - 1] - expected[p]));
    losses.push(loss);
    const judged = p > book && bests[p - 1] !== moves[p - 1];
    const kind = judged ? THRESHOLDS.find((x) => loss >= x.min) : undefined;
    if (kind) notes.set(p, { kind: kind.kind, symbol: kind.symbol, text: tr('analysis.loses-share', { word: kind.word, n: (loss * 100).toFixed(0) }) });
  }
  return { key, evals, expected, losses, book, notes, turns };
}

/**
 * Draws the review's graph of Red's expected score, the viewed ply marked; a click on a
 * point calls `onPick(ply)`.
 * @param {HTMLElement} el
 * @param {Review|null} review
 * @param {number} ply
 * @param {(ply: number) => string} moveText the move of a ply, 0-based, in the chosen notation
 * @param {(ply: number) => void} onPick
 */
export function drawGraph(el, review, ply, moveText, onPick) {
  if (!review) {
    el.textContent = '';
    return;
  }
  const W = 600;
  const H = 160;
  const n = review.expected.length;
  const x = (/** @type {number} */ p) => (n > 1 ? (p / (n - 1)) * (W - 16) + 8 : W / 2);
  const y = (/** @type {number} */ e) => H - 8 - e * (H - 16);
  const pts = review.expected.map((e, p) => [x(p), y(e)]);
  const NS = 'http://www.w3.org/2000/svg';
  const svg = document.createElementNS(NS, 'svg');
  svg.setAttribute('viewBox', `0 0 ${W} ${H}`);
  svg.setAttribute('class', 'a-graph');
  svg.setAttribute('role', 'group');
  svg.setAttribute('aria-label', t('analysis.graph'));
  /** @param {string} tag @param {Record<string, string|number>} attrs @param {Element} [parent] */
  const add = (tag, attrs, parent = svg) => {
    const e = document.createElementNS(NS, tag);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
    parent.appendChild(e);
    return e;
  };
  add('rect', { x: 0, y: 0, width: W, height: H / 2, class: 'a-graph-red' });
  add('rect', { x: 0, y: H / 2, width: W, height: H / 2, class: 'a-graph-black' });
  if (review.book > 0) add('rect', { x: 0, y: 0, width: x(review.book), height: H, class: 'a-graph-book' });
  const area = `M${pts[0][0]},${H / 2} ` + pts.map(([a, b]) => `L${a.toFixed(1)},${b.toFixed(1)}`).join(' ') + ` L${pts[n - 1][0]},${H / 2} Z`;
  add('path', { d: area, class: 'a-graph-area' });
  add('line', { x1: 0, y1: H / 2, x2: W, y2: H / 2, class: 'a-graph-mid' });
  add('polyline', { points: pts.map(([a, b]) => `${a.toFixed(1)},${b.toFixed(1)}`).join(' '), class: 'a-graph-line' });
  add('line', { x1: x(ply), y1: 0, x2: x(ply), y2: H, class: 'a-graph-now' });
  pts.forEach(([a, b], p) => {
    const note = review.notes.get(p);
    const g = add('g', { class: `a-graph-point${note ? ` a-graph-${note.kind}` : ''}${p === ply ? ' current' : ''}`, 'data-ply': p });
    const title = add('title', {}, g);
    const where = p === 0 ? tr('analysis.start') : tr('analysis.move', { ply: p, move: moveText(p - 1) });
    const book = p > 0 && p <= review.book ? ` (${tr('analysis.book-move')})` : '';
    title.textContent = `${where} — ${formatScore(review.evals[p])}, ${tr('analysis.red-expects', { n: (review.expected[p] * 100).toFixed(0) })}${book}${note ? ` (${note.text})` : ''}`;
    // A wide invisible target over a small visible dot.
    add('rect', { x: a - Math.max(3, (W - 16) / Math.max(1, n - 1) / 2), y: 0, width: Math.max(6, (W - 16) / Math.max(1, n - 1)), height: H, class: 'a-graph-hit' }, g);
    add('circle', { cx: a.toFixed(1), cy: b.toFixed(1), r: note ? 5 : 3 }, g);
  });
  svg.addEventListener('click', (e) => {
    const hit = e.target instanceof Element ? e.target.closest('[data-ply]') : null;
    if (hit) onPick(Number(hit.getAttribute('data-ply')));
  });
  el.textContent = '';
  el.appendChild(svg);
}

/**
 * Writes the summary per side: the book's length, the counts of inaccuracies, mistakes and
 * blunders (each a button to its move), the average loss of expected score per move.
 * @param {HTMLElement} el
 * @param {Review|null} review
 * @param {(ply: number) => string} moveText
 * @param {(ply: number) => void} onPick
 */
export function renderSummary(el, review, moveText, onPick) {
  el.textContent = '';
  if (!review) return;
  const turns = review.turns;
  if (review.book > 0) {
    const p = document.createElement('p');
    p.className = 'a-book muted';
    p.dataset.book = String(review.book);
    p.textContent = tr('analysis.book-plies', { n: review.book });
    el.appendChild(p);
  }
  for (const side of /** @type {('red'|'black')[]} */ (['red', 'black'])) {
    const div = document.createElement('div');
    div.className = `a-side a-side-${side}`;
    div.dataset.side = side;
    const h = document.createElement('h3');
    h.textContent = tr(side === 'red' ? 'ruling.sides.red' : 'ruling.sides.black');
    div.appendChild(h);
    const ul = document.createElement('ul');
    for (const kind of [...THRESHOLDS].reverse()) {
      const plies = [...review.notes].filter(([p, note]) => note.kind === kind.kind && turns[p - 1] === side).map(([p]) => p);
      const li = document.createElement('li');
      li.dataset.kind = kind.kind;
      li.dataset.count = String(plies.length);
      li.append(`${plies.length} ${plies.length === 1 ? kind.word : kind.words} (${kind.symbol})`);
      plies.forEach((p, i) => {
        li.append(i === 0 ? ': ' : ', ');
        const b = document.createElement('button');
        b.type = 'button';
        b.className = 'a-jump';
        b.textContent = moveText(p - 1);
        b.setAttribute('aria-label', tr('analysis.go-to', { ply: p, move: moveText(p - 1) }));
        b.addEventListener('click', () => onPick(p));
        li.append(b);
      });
      ul.appendChild(li);
    }
    const avg = document.createElement('li');
    avg.dataset.averageLoss = averageLoss(review, side).toFixed(1);
    avg.textContent = tr('analysis.average-share', { n: averageLoss(review, side).toFixed(1) });
    ul.appendChild(avg);
    div.appendChild(ul);
    el.appendChild(div);
  }
}

/**
 * A side's average loss of expected score per move, in points of 100.
 * @param {Review} review
 * @param {'red'|'black'} side
 */
function averageLoss(review, side) {
  let total = 0;
  let count = 0;
  for (let p = 1; p < review.expected.length; p++) {
    if (review.turns[p - 1] !== side) continue;
    total += review.losses[p];
    count++;
  }
  return count ? (total / count) * 100 : 0;
}
