// @ts-check
/**
 * @file The analysis board's continuous search: the N best lines of one position, searched
 * in rounds of growing think time (`ROUNDS_MS`), each round re-searching every line so that
 * they deepen. The engine has no native MultiPV, so line k is a search with `banned` = the
 * first moves of lines 1…k−1. It draws nothing itself: it reports each line as it improves
 * and says what it is doing through the callbacks it is given.
 */

import { t } from './i18n.js';
import { WasmError } from './xiangqi-wasm.js';

/** @typedef {import('./analysis-lines.js').Line} Line */
/** @typedef {import('./api.js').PositionInfo} PositionInfo */

/** Think time of each analysis round, per line, in milliseconds. */
export const ROUNDS_MS = [300, 1000, 3000, 10000];

/**
 * What one run of rounds searches, and where it reports.
 * @typedef {object} RoundsRun
 * @property {import('./engine.js').Engine} engine
 * @property {string|null} startFen the game's start (null: the start position)
 * @property {string[]} moves ICCS moves from the start to the analysed position
 * @property {PositionInfo} info the analysed position
 * @property {(Line|null)[]} lines the shown lines, updated in place
 * @property {() => number} wanted how many lines the player asks for now (1–3)
 * @property {() => boolean} current false once this run is stale (the position changed,
 *   the analysis stopped): the run then stops without touching `lines`
 * @property {(k: number) => void} onLine line `k` (0-based) changed
 * @property {(text: string) => void} onStatus what the engine is doing, in words
 */

/**
 * Searches the lines of a position in rounds of growing think time, until the last round
 * ends, the run goes stale or the engine fails (said through `onStatus`, unless stopped).
 * @param {RoundsRun} run
 * @returns {Promise<void>}
 */
export async function searchRounds(run) {
  const { engine, lines } = run;
  for (let round = 0; round < ROUNDS_MS.length; round++) {
    const movetime = ROUNDS_MS[round];
    /** @type {string[]} */
    const banned = [];
    const want = Math.min(run.wanted(), run.info.legal.length);
    for (let k = 0; k < want; k++) {
      run.onStatus(t('analysis.searching', { k: k + 1, n: want, time: movetime < 1000 ? `${movetime} ms` : `${movetime / 1000} s` }));
      /** @type {import('./engine.js').SearchResult} */
      let result;
      try {
        result = await engine.search({ fen: run.startFen, moves: run.moves, movetime, banned: [...banned] }, (i) => {
          if (!run.current()) return;
          const shown = lines[k];
          // A new round starts shallow: keep the deeper line of the last round until it is passed.
          if (!shown || i.depth >= shown.depth || shown.round === round) {
            lines[k] = { depth: i.depth, score: i.score, pv: i.pv, round };
            run.onLine(k);
          }
        });
      } catch (e) {
        if (run.current() && !(e instanceof WasmError && e.code === 'stopped')) {
          run.onStatus(t('analysis.engine-stopped', { why: e instanceof Error ? e.message : String(e) }));
        }
        return;
      }
      if (!run.current()) return;
      if (!result.best) break;
      const shown = lines[k];
      if (!shown || shown.round !== round || shown.pv[0] !== result.best) {
        lines[k] = { depth: result.depth, score: result.score, pv: [result.best, ...(result.ponder ? [result.ponder] : [])], round };
      }
      banned.push(result.best);
      run.onLine(k);
    }
    lines.length = want;
  }
  if (run.current()) {
    const d = lines[0]?.depth;
    run.onStatus(d ? t('analysis.done-depth', { depth: d }) : t('analysis.done'));
  }
}
