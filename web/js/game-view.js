// @ts-check
/**
 * @file The board of a game page with its move list (`GameView`): it steps back through the
 * game's positions (asking the rules module for each past position once) and returns to the
 * live one, marks the moves of the repetition cycle a ruling or warning is about, sounds
 * each move the game gains (sound-switch.js: move, capture, check, or the end of the game)
 * and says it through the page's live region (speech.js: "Red cannon h2 to e2, check", the
 * end, a repetition warning; a take back, a new game; nothing when the page opens).
 * `replayStored(startFen, moves)` asks the rules module for a game kept in the browser,
 * repaired when it no longer replays (the pages that play without a server);
 * `replayLatest(page, errorEl, save)` does so for a page that may ask again before it hears.
 */

import { Board } from './board.js';
import { parseFen, START_FEN } from './fen.js';
import { moveSoundKind, playSound } from './sound-switch.js';
import { MoveList } from './movelist.js';
import { position, ApiError } from './api.js';
import { getNotation } from './notation.js';
import { activeCycle, warningOf } from './cycle.js';
import { announce, moveWords, outcomeWords, resultWords, sideWord, speech, toMoveWords } from './speech.js';
import { format, t } from './i18n.js';
import { showError } from './notices.js';

/** @typedef {import('./api.js').GameStatus} GameStatus */

/**
 * @typedef {object} Replayed
 * @property {string|null} startFen the game's start as it now stands (null: the start position)
 * @property {string[]} moves the moves that replay (a prefix of those given)
 * @property {import('./api.js').PositionInfo} info the rules module's answer for them
 * @property {{text: string, problems: string[]}|null} problem why the game was changed
 */

/**
 * @typedef {object} After the rules module's answer for the position after a move
 * @property {string} fen
 * @property {boolean} check
 * @property {GameStatus|null} [status]
 * @property {string} [warning] the repetition warning in words (cycle.js's `warningOf`)
 */

/**
 * A move in words (speech.js), its piece and side read from the position before it as the
 * rules module wrote it, with the check, the end or the warning the position after it has:
 * "Red cannon h2 to e2, check". Whose turn it is when the first square was empty.
 * @param {string} beforeFen the FEN before the move
 * @param {string} mv ICCS
 * @param {After} after
 */
export function moveSpoken(beforeFen, mv, after) {
  const before = parseFen(beforeFen).pieces;
  const mover = before.get(mv.slice(0, 2));
  if (!mover) return toMoveWords(parseFen(after.fen).turn, after.check);
  return outcomeWords(moveWords(mv, mover, before.get(mv.slice(2, 4))), after);
}

/**
 * What stepping to ply `ply` of a game says: "Move 3: Red cannon h2 to e2, check", or
 * "Start position. Red to move." at ply 0.
 * @param {number} ply
 * @param {string|null} beforeFen the FEN of ply `ply - 1` (null at the start)
 * @param {string|null} mv the move that led to ply `ply` (ICCS)
 * @param {After} after the position at ply `ply`
 */
export function stepSpoken(ply, beforeFen, mv, after) {
  const s = speech();
  if (ply === 0 || !beforeFen || !mv) return format(s.start, { side: sideWord(parseFen(after.fen).turn) });
  return format(s.stepped, { ply, move: moveSpoken(beforeFen, mv, after) });
}

/**
 * @typedef {object} LiveGame
 * @property {string|null} startFen null = start position
 * @property {string[]} moves ICCS
 * @property {string[]} wxf
 * @property {string[]} chinese
 * @property {string} fen current position
 * @property {string[]} legal moves the user may play now ([] when it is not their turn)
 * @property {boolean} check
 * @property {string|null} [lastMove]
 * @property {GameStatus} [status] its repetition cycle, if any, is marked in the move list
 */

/**
 * Asks the rules module about a game kept in the browser, repairing one that no longer
 * replays: moves that became illegal are dropped from the end, and an invalid start
 * position gives way to the standard one (with `problem` saying why).
 * @param {string|null} startFen
 * @param {string[]} moves
 * @returns {Promise<Replayed>}
 * @throws {Error} when neither the rules module nor the server answers
 */
export async function replayStored(startFen, moves) {
  let fen = startFen;
  let played = moves;
  /** @type {{text: string, problems: string[]}|null} */
  let problem = null;
  for (;;) {
    try {
      const info = await position(fen, played);
      return { startFen: fen, moves: played, info, problem };
    } catch (e) {
      if (e instanceof ApiError && e.code === 'illegal_move' && played.length) {
        played = played.slice(0, -1);
      } else if (e instanceof ApiError && e.code === 'invalid_fen' && fen !== null) {
        problem = { text: t('game.start-invalid', { why: e.message }), problems: e.problems };
        fen = null;
        played = [];
      } else {
        throw e;
      }
    }
  }
}

/**
 * Replays `page.game` with `replayStored` for a page that may ask again before the answer
 * comes. Returns null when a later call has begun (its answer wins), when the page has no
 * game any more, or when the replay failed (the failure shown in `errorEl`); otherwise the
 * answer, with a repaired game written back to `page.game` and kept with `save`, and the
 * repair's problem shown in `errorEl` (or the box hidden).
 * @template {{startFen: string|null, moves: string[]}} G
 * @param {{requestSeq: number, game: G|null}} page
 * @param {HTMLElement} errorEl
 * @param {() => void} save
 * @returns {Promise<Replayed|null>}
 */
export async function replayLatest(page, errorEl, save) {
  if (!page.game) return null;
  const seq = ++page.requestSeq;
  /** @type {Replayed} */
  let replayed;
  try {
    replayed = await replayStored(page.game.startFen, page.game.moves);
  } catch (e) {
    if (seq === page.requestSeq) showError(errorEl, e instanceof Error ? e.message : String(e));
    return null;
  }
  if (seq !== page.requestSeq || !page.game) return null;
  if (replayed.startFen !== page.game.startFen || replayed.moves.length !== page.game.moves.length) {
    page.game = { ...page.game, startFen: replayed.startFen, moves: replayed.moves };
    save();
  }
  showError(errorEl, replayed.problem?.text ?? '', replayed.problem?.problems);
  return replayed;
}

/**
 * A board with a move list; stepping back shows earlier positions read-only (each asked of
 * the server once), and the live position comes back with the last move or "Back to game".
 */
export class GameView {
  /**
   * @param {{board: HTMLElement, moves: HTMLElement, onMove: (m: string) => void,
   *   orientation?: 'red'|'black', onView?: (ply: number|null) => void,
   *   whyNoMove?: () => (string|null)}} opts `whyNoMove`: asked on every click on a point,
   *   a reason is shown over the board (`Board.showNote`); null when the player can move
   */
  constructor(opts) {
    this.opts = opts;
    this.board = new Board(opts.board, {
      orientation: opts.orientation ?? 'red',
      onMove: (m) => opts.onMove(m),
      onPointActivate: () => {
        const why = opts.whyNoMove?.();
        if (why) this.board.showNote(why);
      },
    });
    this.list = new MoveList(opts.moves, { onSelect: (ply) => this.view(ply) });
    /** @type {LiveGame|null} */
    this.live = null;
    /** ply being viewed, null = live */
    /** @type {number|null} */
    this.viewing = null;
    /** @type {Map<string, {fen: string, check: boolean}>} */
    this.cache = new Map();
    this.seq = 0;
  }

  /**
   * Shows the live game (and leaves history view when the game moved on).
   * @param {LiveGame} g
   * @param {import('./board.js').SetPositionOptions} [opts]
   */
  update(g, opts) {
    const prev = this.live;
    this.live = g;
    const words = opts?.announce === false ? '' : typeof opts?.announce === 'string' ? opts.announce : prev ? this.words(prev, g) : '';
    const startKey = g.startFen ?? '';
    if (!prev || (prev.startFen ?? '') !== startKey) this.cache.clear();
    this.cache.set(`${startKey}|${g.moves.length}|${g.moves.join(',')}`, { fen: g.fen, check: g.check });
    const fen = g.startFen ?? START_FEN;
    this.list.set({
      iccs: g.moves,
      wxf: g.wxf,
      chinese: g.chinese,
      blackFirst: fen.split(/\s+/)[1] === 'b',
      firstNumber: Number(fen.split(/\s+/)[5]) || 1,
      cycle: activeCycle(g.status),
    });
    const moved = !prev || prev.moves.length !== g.moves.length;
    if (prev) this.sound(prev, g);
    announce(words);
    if (this.viewing !== null && !moved) {
      return;
    }
    this.viewing = null;
    this.list.setCurrent(g.moves.length);
    this.board.setPosition(
      { fen: g.fen, legal: g.legal, check: g.check, lastMove: g.lastMove ?? g.moves[g.moves.length - 1] ?? null },
      { ...opts, announce: false },
    );
    this.opts.onView?.(null);
  }

  /**
   * What a screen reader is told when the game goes from `prev` to `g` (speech.js): the move
   * it gained in words, from the position before it, with the check, the end or the
   * repetition warning it brought; the end of a game that ended without a move
   * (resignation, time, agreement); the moves taken back; whose turn it is in a game
   * replaced by another; '' when nothing changed.
   * @param {LiveGame} prev
   * @param {LiveGame} g
   * @returns {string}
   */
  words(prev, g) {
    const n = prev.moves.length;
    /** @param {string[]} a @param {string[]} b */
    const startsWith = (a, b) => b.length <= a.length && b.every((m, i) => m === a[i]);
    const turn = parseFen(g.fen).turn;
    const status = g.status ?? null;
    if ((prev.startFen ?? '') !== (g.startFen ?? '')) return toMoveWords(turn, g.check);
    if (g.moves.length === n + 1 && startsWith(g.moves, prev.moves)) {
      const warning = status ? warningOf(status, getNotation()) ?? '' : '';
      return moveSpoken(prev.fen, g.moves[n], { fen: g.fen, check: g.check, status, warning });
    }
    if (g.moves.length === n && startsWith(g.moves, prev.moves)) {
      // An aborted room says who aborted it (room.js), which is all there is to say.
      const ended = status && status.result !== 'ongoing' && status.result !== 'aborted'
        && (!prev.status || prev.status.result === 'ongoing');
      return ended ? resultWords(status) : '';
    }
    const s = speech();
    const side = sideWord(turn);
    if (g.moves.length === 0) return format(s.start, { side });
    if (g.moves.length < n && startsWith(prev.moves, g.moves)) {
      const count = n - g.moves.length;
      return format(count === 1 ? s.tookBackOne : s.tookBackMany, { count, side });
    }
    return toMoveWords(turn, g.check);
  }

  /**
   * Sounds the move the game gained since `prev` (a capture when its destination held a
   * piece), or the end of a game that ended without one (resignation, time, agreement).
   * @param {LiveGame} prev
   * @param {LiveGame} g
   */
  sound(prev, g) {
    const over = !!g.status && g.status.result !== 'ongoing';
    const n = prev.moves.length;
    if (g.moves.length === n + 1 && (prev.startFen ?? '') === (g.startFen ?? '') && prev.moves.every((m, i) => m === g.moves[i])) {
      const mv = g.moves[n];
      playSound(moveSoundKind({ capture: parseFen(prev.fen).pieces.has(mv.slice(2, 4)), check: g.check, over }));
    } else if (over && g.moves.length === n && prev.status?.result === 'ongoing') {
      playSound('end');
    }
  }

  /** @param {number} ply */
  async view(ply) {
    const g = this.live;
    if (!g) return;
    if (ply >= g.moves.length) {
      this.viewing = null;
      this.list.setCurrent(g.moves.length);
      this.board.setPosition({ fen: g.fen, legal: g.legal, check: g.check, lastMove: g.lastMove ?? g.moves[g.moves.length - 1] ?? null }, {
        announce: format(speech().backToGame, { side: sideWord(parseFen(g.fen).turn) }),
      });
      this.opts.onView?.(null);
      return;
    }
    this.viewing = ply;
    this.opts.onView?.(ply);
    const moves = g.moves.slice(0, ply);
    const seq = ++this.seq;
    /** @type {{fen: string, check: boolean}} */
    let info;
    /** @type {{fen: string, check: boolean}|null} */
    let before = null;
    try {
      info = await this.positionAt(g.startFen, moves);
      if (ply > 0) before = await this.positionAt(g.startFen, moves.slice(0, -1));
    } catch {
      return;
    }
    if (seq !== this.seq || this.viewing !== ply) return;
    const mv = moves[ply - 1] ?? null;
    this.board.setPosition({ fen: info.fen, legal: [], check: info.check, lastMove: mv }, {
      announce: stepSpoken(ply, before?.fen ?? null, mv, info),
    });
  }

  /**
   * The position after `moves` from `startFen`, asked of the rules module once.
   * @param {string|null} startFen
   * @param {string[]} moves
   * @returns {Promise<{fen: string, check: boolean}>}
   * @throws {Error} when neither the rules module nor the server answers
   */
  async positionAt(startFen, moves) {
    const key = `${startFen ?? ''}|${moves.length}|${moves.join(',')}`;
    let info = this.cache.get(key);
    if (!info) {
      const r = await position(startFen, moves);
      info = { fen: r.fen, check: r.check };
      this.cache.set(key, info);
    }
    return info;
  }

  /** Returns to the live position. */
  backToGame() {
    if (this.live) this.list.select(this.live.moves.length);
  }
}
