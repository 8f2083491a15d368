// @ts-check
/**
 * @file The analysis board's scores: the engine's side-to-move scores turned into Red's
 * view, written (`+1.25`, `M3`), put into words, and turned into an expected score — the
 * share of the points the side can expect from the position, which the review judges moves
 * by (a fall from 0.60 to 0.45 is a real loss; one from +9.0 to +8.0 pawns is not).
 *
 * Scores arrive as the engine reports them: a reported pawn (+1.00) is the score at which
 * the side to move wins half its games in the engine's own self-play (`REPORTED_PAWN`,
 * crates/engine/src/search.rs; Stockfish's convention), so an equal position reads near
 * 0.00 and not with the first move's worth in the evaluation's own units.
 *
 * The expected score of `cp` reported centipawns is `1 / (1 + e^(−cp / K))`: the logistic
 * curve the NNUE trainer fits to the results of the engine's own self-play games (`xiangqi
 * nnue train` prints it as "sigmoid scale K", in the evaluation's units; docs/engine.md,
 * "NNUE"), so a score means what it meant in the engine's own games. A mate is a certain
 * result.
 */

import { t } from './i18n.js';

/** @typedef {import('./api.js').PositionInfo} PositionInfo */
/** @typedef {import('./engine.js').EngineScore} EngineScore */

/**
 * The logistic scale of the expected score in the evaluation's own centipawns: the sigmoid
 * scale K that `xiangqi nnue train` fitted to the results of the self-play games the
 * embedded network was trained on (356.6 cp; `crates/engine/nets/xiangqi.nnue.md` gives the
 * data).
 */
const EXPECTED_SCORE_SCALE_INTERNAL = 357;

/**
 * The engine's reported pawn in the evaluation's own centipawns (`REPORTED_PAWN` in
 * crates/engine/src/search.rs, which a test holds this to).
 */
export const REPORTED_PAWN = 369;

/** The logistic scale of the expected score in reported centipawns. */
export const EXPECTED_SCORE_SCALE_CP = (EXPECTED_SCORE_SCALE_INTERNAL * 100) / REPORTED_PAWN;

/** Evaluations are clamped to ± this many centipawns where a number is shown for a mate. */
export const CLAMP_CP = 1000;

/**
 * Turns a side-to-move score into Red's view.
 * @param {EngineScore} score
 * @param {'red'|'black'} turn
 * @returns {EngineScore}
 */
export function redView(score, turn) {
  const s = turn === 'red' ? 1 : -1;
  return 'mate' in score ? { mate: s * score.mate } : { cp: s * score.cp };
}

/**
 * Writes a Red's-view score: `+1.25`, `-0.40`, `0.00`, `M3`, `-M3`.
 * @param {EngineScore} score
 */
export function formatScore(score) {
  if ('mate' in score) return `${score.mate < 0 ? '-' : ''}M${Math.abs(score.mate)}`;
  const p = score.cp / 100;
  return `${p > 0 ? '+' : ''}${p.toFixed(2)}`;
}

/**
 * A score in centipawns clamped to ±CLAMP_CP (a mate is at the clamp).
 * @param {EngineScore} score
 */
export function clampCp(score) {
  if ('mate' in score) return score.mate >= 0 ? CLAMP_CP : -CLAMP_CP;
  return Math.max(-CLAMP_CP, Math.min(CLAMP_CP, score.cp));
}

/**
 * Red's expected score, 0 (Black wins) to 1 (Red wins), of a Red's-view score.
 * @param {EngineScore} score
 */
export function expectedScore(score) {
  if ('mate' in score) return score.mate >= 0 ? 1 : 0;
  return 1 / (1 + Math.exp(-score.cp / EXPECTED_SCORE_SCALE_CP));
}

/**
 * The evaluation of a position that is over, in Red's view (a win is at the clamp); null
 * while it goes on.
 * @param {PositionInfo} info
 * @returns {EngineScore|null}
 */
export function finalScore(info) {
  const r = info.status.result;
  if (r === 'red') return { cp: CLAMP_CP };
  if (r === 'black') return { cp: -CLAMP_CP };
  if (r === 'ongoing') return null;
  return { cp: 0 };
}

/**
 * Red's expected score of a position that is over (1, ½ or 0); null while it goes on.
 * @param {PositionInfo} info
 * @returns {number|null}
 */
export function finalExpected(info) {
  const r = info.status.result;
  if (r === 'ongoing') return null;
  return r === 'red' ? 1 : r === 'black' ? 0 : 0.5;
}

/**
 * A Red's-view score in words: "about equal", "Red is better by 1.25", "Black mates in 3".
 * @param {EngineScore} score
 */
export function scoreWords(score) {
  if ('mate' in score) return t('analysis.mates-in', { side: t(score.mate >= 0 ? 'ruling.sides.red' : 'ruling.sides.black'), n: Math.abs(score.mate) });
  if (Math.abs(score.cp) < 15) return t('analysis.equal');
  return t('analysis.better-by', { side: t(score.cp > 0 ? 'ruling.sides.red' : 'ruling.sides.black'), n: (Math.abs(score.cp) / 100).toFixed(2) });
}
