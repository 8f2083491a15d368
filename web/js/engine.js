// @ts-check
/**
 * @file The computer opponent and analyser in the page: a client of engine-worker.js.
 * The worker (and the engine module) is started on first use only, so pages that never
 * ask the engine never load it.
 *
 * ```js
 * const engine = new Engine();
 * const r = await engine.search({ fen, moves, level: 3, movetime: 600 }, (info) => …);
 * engine.stop(); // ends a running search at once (its promise rejects with code 'stopped')
 * ```
 */

import { WasmError } from './xiangqi-wasm.js';

/**
 * @typedef {{cp: number} | {mate: number}} EngineScore for the side to move; mate in moves, negative when mated
 */

/**
 * @typedef {object} EngineInfo a completed iteration
 * @property {number} depth
 * @property {number} seldepth
 * @property {EngineScore} score
 * @property {number} nodes
 * @property {number} nps
 * @property {number} time_ms
 * @property {string[]} pv ICCS, best move first
 */

/**
 * @typedef {object} SearchResult
 * @property {string|null} best ICCS; null when the side to move has no move
 * @property {string|null} ponder
 * @property {EngineScore} score
 * @property {number} depth
 * @property {number} nodes
 * @property {number} time_ms
 */

/**
 * @typedef {object} SearchRequest
 * @property {string|null} [fen] the game's start (null: the start position)
 * @property {string[]} [moves] ICCS moves played (they count for repetitions)
 * @property {string} [rules] `wxf-2018` or `casual`
 * @property {string[]} [banned] root moves not to consider
 * @property {number} [level] 1 (Beginner) to 5 (Hardest)
 * @property {number} [seed] the level's noise seed
 * @property {number} [movetime] think time in milliseconds
 * @property {number} [depth] plies
 * @property {number} [nodes]
 */

/** The think time per move of levels 1–4 and of Hardest, in milliseconds (as the server's). */
export const LEVEL_MOVETIME_MS = [0, 500, 500, 500, 500, 2000];

export class Engine {
  constructor() {
    /** @type {Worker|null} */
    this.worker = null;
    this.nextId = 1;
    /** @type {Map<number, {resolve: (v: any) => void, reject: (e: Error) => void, onInfo?: (i: EngineInfo) => void}>} */
    this.pending = new Map();
  }

  /** @returns {Worker} */
  start() {
    if (this.worker) return this.worker;
    const w = new Worker(new URL('./engine-worker.js', import.meta.url), { type: 'module' });
    w.addEventListener('message', (ev) => {
      const { id, info, result, error } = ev.data || {};
      const p = this.pending.get(id);
      if (!p) return;
      if (info) {
        if (p.onInfo) p.onInfo(info);
        return;
      }
      this.pending.delete(id);
      if (error) p.reject(new WasmError(error.code, error.message, error.problems));
      else p.resolve(result);
    });
    w.addEventListener('error', (ev) => {
      ev.preventDefault();
      this.fail('engine_failed', ev.message || 'the engine could not start');
    });
    this.worker = w;
    return w;
  }

  /** @param {string} code @param {string} message */
  fail(code, message) {
    const pending = [...this.pending.values()];
    this.pending.clear();
    if (this.worker) this.worker.terminate();
    this.worker = null;
    for (const p of pending) p.reject(new WasmError(code, message));
  }

  /**
   * @param {string} op
   * @param {unknown} request
   * @param {(i: EngineInfo) => void} [onInfo]
   * @returns {Promise<any>}
   */
  send(op, request, onInfo) {
    const w = this.start();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, onInfo });
      w.postMessage({ id, op, request });
    });
  }

  /**
   * Searches the last position of the game; `onInfo` hears each completed iteration.
   * @param {SearchRequest} request
   * @param {(i: EngineInfo) => void} [onInfo]
   * @returns {Promise<SearchResult>}
   */
  search(request, onInfo) {
    return this.send('search', request, onInfo);
  }

  /**
   * How many of a game's first plies follow the opening book's main lines (0 for a game
   * from another position than the start).
   * @param {{fen?: string|null, moves: string[]}} game
   * @returns {Promise<{plies: number}>}
   */
  book(game) {
    return this.send('book', game.fen ? { fen: game.fen, moves: game.moves } : { moves: game.moves });
  }

  /** Forgets what the engine learnt in the previous game. @returns {Promise<void>} */
  async newGame() {
    await this.send('new_game', {});
  }

  /**
   * Runs the engine's benchmark in the worker.
   * @param {number} [depth]
   * @returns {Promise<{nodes: number, time_ms: number, nps: number}>}
   */
  bench(depth) {
    return this.send('bench', depth === undefined ? {} : { depth });
  }

  /** Ends every running search now (their promises reject with code `stopped`). */
  stop() {
    if (this.pending.size) this.fail('stopped', 'the search was stopped');
  }

  get busy() {
    return this.pending.size > 0;
  }
}
