// @ts-check
/**
 * @file Solving a puzzle on a board: each move of the solver is checked against the puzzle's
 * solution tree (any accepted move counts), a wrong one is shown and taken back with "Try
 * again", a right one gets "Correct" and the defence's reply is played by itself. The hint
 * selects the piece to move, then (asked again) names the move. Used by the trainer (the
 * library's puzzles, whose trees accept every move that keeps the forced win) and by a shared
 * puzzle's page (`/puzzles/{id}`, whose tree is the composer's one line, `lineTree`).
 *
 * The rules come from the WebAssembly module, so a puzzle is solved offline once loaded.
 */
import { t } from './i18n.js';
import { getNotation } from './notation.js';
import { localPosition } from './xiangqi-wasm.js';

/** @typedef {import('./puzzle-library.js').Branch} Branch */
/** @typedef {import('./board.js').Board} Board */

/** Milliseconds a wrong move stays on the board before it is taken back. */
export const TAKE_BACK_MS = 700;
/** Milliseconds before the defence replies. */
export const REPLY_MS = 450;

/**
 * The tree of a single solution line: the solver's moves at even plies (0, 2, …), the
 * defence's replies at odd ones; a line that ends with the solver's move ends the puzzle
 * there.
 * @param {string[]} line ICCS moves from the puzzle's position
 * @returns {Branch[]} empty for an empty line
 */
export function lineTree(line) {
  /** @type {Branch[]} */
  let next = [];
  for (let i = line.length - (line.length % 2 === 0 ? 2 : 1); i >= 0; i -= 2) {
    next = [{ move: line[i], reply: line[i + 1] ?? null, next }];
  }
  return next;
}

/** @param {number} ms */
function pause(ms) {
  return new Promise((resolve) => { setTimeout(resolve, ms); });
}

export class PuzzleSolver {
  /**
   * @param {{board: Board, status: HTMLElement, hint: HTMLButtonElement,
   *   onAttempt?: (solved: boolean) => void}} opts `status` shows "Correct", "Try again",
   *   "Solved" and the hints; `onAttempt` is told of each wrong move (false) and the solve
   *   (true)
   */
  constructor(opts) {
    this.opts = opts;
    /** @type {{fen: string, tree: Branch[]}|null} */
    this.puzzle = null;
    /** @type {string[]} moves played from the puzzle's position (ICCS) */
    this.moves = [];
    /** @type {Branch[]} the accepted moves at the solver's turn; empty when solved */
    this.node = [];
    /** 0: no hint yet at this turn, 1: the piece shown, 2: the move shown. */
    this.hintLevel = 0;
    /** Whether the board waits for the solver (not during a reply or a take-back). */
    this.waiting = false;
    /** Counts the starts: a reply or take-back from before "Start again" is dropped. */
    this.epoch = 0;
  }

  /** Whether the puzzle has been solved since the last start. */
  get solved() {
    return !!this.puzzle && this.node.length === 0;
  }

  /**
   * Starts (or starts again) a puzzle.
   * @param {string} fen the position; the side to move solves
   * @param {Branch[]} tree
   */
  async start(fen, tree) {
    this.puzzle = { fen, tree };
    await this.restart();
  }

  /** Starts the current puzzle again from its position. */
  async restart() {
    if (!this.puzzle) return;
    this.epoch += 1;
    this.moves = [];
    this.node = this.puzzle.tree;
    this.hintLevel = 0;
    this.say('', '');
    await this.show(true);
  }

  /** @param {string} text @param {'ok'|'error'|''} kind */
  say(text, kind) {
    const el = this.opts.status;
    el.textContent = text;
    el.className = kind ? `s-trainer-status s-${kind}` : 's-trainer-status';
  }

  /**
   * Shows the position after the moves played, with the solver's legal moves when it is
   * their turn.
   * @param {boolean} solverTurn
   */
  async show(solverTurn) {
    if (!this.puzzle) return;
    const info = await localPosition(this.puzzle.fen, this.moves);
    this.opts.board.setPosition({
      fen: info.fen,
      legal: solverTurn ? info.legal : [],
      lastMove: this.moves.length ? this.moves[this.moves.length - 1] : null,
      check: info.check,
    });
    this.waiting = solverTurn;
    this.opts.hint.disabled = !solverTurn;
  }

  /**
   * The solver picked `move` on the board: checks it against the tree.
   * @param {string} move ICCS
   */
  async play(move) {
    if (!this.puzzle || !this.waiting) return;
    this.waiting = false;
    const started = this.epoch;
    const branch = this.node.find((b) => b.move === move);
    this.moves.push(move);
    if (!branch) {
      this.opts.onAttempt?.(false);
      this.say(t('trainer.try-again'), 'error');
      await this.show(false);
      await pause(TAKE_BACK_MS);
      if (started !== this.epoch) return;
      this.moves.pop();
      await this.show(true);
      return;
    }
    this.hintLevel = 0;
    if (!branch.reply || branch.next.length === 0) {
      this.node = [];
      this.opts.onAttempt?.(true);
      this.say(t('trainer.solved'), 'ok');
      await this.show(false);
      if (branch.reply) await this.reply(branch.reply, started);
      return;
    }
    this.say(t('trainer.correct'), 'ok');
    await this.show(false);
    if (!(await this.reply(branch.reply, started))) return;
    this.node = branch.next;
    await this.show(true);
    this.say(t('trainer.correct-your-move'), 'ok');
  }

  /**
   * Plays the defence's reply after a pause; false when the puzzle was started again meanwhile.
   * @param {string} reply
   * @param {number} started the epoch of the move it answers
   */
  async reply(reply, started) {
    await pause(REPLY_MS);
    if (started !== this.epoch) return false;
    this.moves.push(reply);
    await this.show(false);
    return true;
  }

  /** Shows the piece to move, then (asked again) the move itself, in the chosen notation and ICCS. */
  async hint() {
    if (!this.puzzle || !this.waiting || this.node.length === 0) return;
    const move = this.node[0].move;
    this.hintLevel = Math.min(this.hintLevel + 1, 2);
    this.opts.board.select(move.slice(0, 2));
    if (this.hintLevel === 1) {
      this.say(t('trainer.hint-piece'), '');
      return;
    }
    let name = move;
    try {
      const info = await localPosition(this.puzzle.fen, [...this.moves, move]);
      const notation = getNotation();
      const named = notation === 'chinese' ? info.chinese : notation === 'wxf' ? info.wxf : [];
      const last = named[named.length - 1];
      if (last) name = `${last} (${move})`;
    } catch {
      // the coordinates alone
    }
    this.say(t('trainer.hint-move', { move: name }), '');
  }
}
