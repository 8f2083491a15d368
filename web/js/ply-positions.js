// @ts-check
/**
 * @file The positions of a recorded game, ply by ply, each asked of the rules module once
 * (`position` in api.js, in the page) and kept: stepping back and forth through a game
 * (/replay, /game/{id}) is then instant.
 */
import { position } from './api.js';

export class PlyPositions {
  /**
   * @param {string|null} fen the start position (null: the usual one)
   * @param {string[]} moves the game's moves in ICCS
   */
  constructor(fen, moves) {
    this.fen = fen;
    this.moves = moves;
    /** @type {Map<number, Promise<import('./api.js').PositionInfo>>} */
    this.cache = new Map();
  }

  /**
   * The position after `ply` plies (0: the start), with its legal moves, status and the
   * notation of the moves before it.
   * @param {number} ply
   * @returns {Promise<import('./api.js').PositionInfo>}
   */
  at(ply) {
    let r = this.cache.get(ply);
    if (!r) {
      r = position(this.fen, this.moves.slice(0, ply));
      this.cache.set(ply, r);
      r.catch(() => this.cache.delete(ply));
    }
    return r;
  }

  /**
   * Asks for every position in the background, first to last, while `wanted()` holds.
   * @param {() => boolean} wanted
   */
  async prefetch(wanted) {
    for (let p = 0; p < this.moves.length && wanted(); p++) {
      try {
        await this.at(p);
      } catch {
        return;
      }
    }
  }
}
