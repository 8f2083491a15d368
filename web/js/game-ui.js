// @ts-check
/**
 * @file Pieces shared by the game pages (/local, /computer, /play/{code}, /replay):
 * - `describeStatus(status)`: the result in words (checkmate, perpetual check with the
 *   ruling's explanation, time, agreement, resignation, …); a repetition is explained from
 *   the status's `cycle` in the notation the player chose (cycle.js);
 * - `showResult(el, status)` / `showWarning(el, status)`: the result banner and the
 *   rule-set warning bar, rewritten when the player changes the notation;
 * - `gamePgn(...)`: PGN text of a game played in the page, written by the rules library;
 * - `copyText`, `download`, `toast`: clipboard, file download and a short notice;
 * - `GameView`: a board plus a move list that can step back through the game's positions
 *   (asking the server for each past position once) and return to the live one, and marks
 *   the moves of the repetition cycle a ruling or warning is about, sounds each move
 *   the game gains (sound-switch.js's `playSound`: move, capture, check, or the end of the game)
 *   and says it through the page's live region (speech.js: "Red cannon h2 to e2, check",
 *   the end, a repetition warning; a take back, a new game; nothing when the page opens);
 * - `askDiscard(...)`: the question in a modal `<dialog>` (dialog.js) before a game in progress
 *   is discarded; `showLinkProblem`, `showSetAside`: why a `?fen=` link was refused, and
 *   the bar that offers the game a link set aside;
 * - `replayStored(startFen, moves)`: a game kept in the browser asked of the rules module,
 *   repaired when it no longer replays (the pages that play without a server);
 * - `showError`, `showStatusLine`, `showViewing`, `confirmButton`, `analysisHref`: the error
 *   box, the status line, the "viewing an earlier position" bar, a button that acts on a
 *   second click, and the link to /analysis.
 */

import { Board } from './board.js';
import { parseFen, START_FEN } from './fen.js';
import { moveSoundKind, playSound } from './sound-switch.js';
import { MoveList } from './movelist.js';
import { position, ApiError } from './api.js';
import { writeGame } from './xiangqi-wasm.js';
import { getNotation, onNotationChange } from './notation.js';
import { activeCycle, explanationOf, warningOf } from './cycle.js';
import { announce, moveWords, outcomeWords, resultWords, sideWord, speech, toMoveWords } from './speech.js';
import { format, t } from './i18n.js';

/** @typedef {import('./api.js').GameStatus} GameStatus */

/** @param {string|null|undefined} c */
const Name = (c) => (c === 'red' || c === 'black' ? sideWord(c) : '');
/** @param {string} c */
const other = (c) => (c === 'red' ? 'black' : 'red');

/**
 * The result in words.
 * @param {GameStatus} status
 * @returns {{title: string, detail: string}}
 */
export function describeStatus(status) {
  const w = status.result;
  const winner = Name(w);
  const loser = w === 'red' || w === 'black' ? Name(other(w)) : '';
  const expl = explanationOf(status, getNotation());
  /** @type {Record<string, () => string>} */
  const words = {
    checkmate: () => t('result.checkmate', { winner }),
    no_legal_moves: () => t('result.no_legal_moves', { winner, loser }),
    resignation: () => t('result.resignation', { winner, loser }),
    time_forfeit: () => t('result.time_forfeit', { winner, loser }),
    perpetual_check: () => t('result.perpetual_check', { winner, loser }),
    perpetual_chase: () => t('result.perpetual_chase', { winner, loser }),
    repetition: () => t('result.repetition'),
    move_limit: () => t('result.move_limit'),
    insufficient_material: () => t('result.insufficient_material'),
    agreement: () => t('result.agreement'),
    abandonment: () => t('result.abandonment', { winner, loser }),
    aborted: () => t('result.aborted'),
  };
  let title;
  if (w === 'ongoing') title = '';
  else if (status.reason && words[status.reason]) title = words[status.reason]();
  else if (w === 'draw') title = t('result.draw');
  else title = t('result.wins', { winner });
  return { title, detail: expl };
}

/** The banners and warning bars shown, each with how to write it again. */
/** @type {Map<HTMLElement, () => void>} */
const shown = new Map();
onNotationChange(() => {
  for (const [el, write] of shown) {
    if (el.isConnected) write();
    else shown.delete(el);
  }
});

/**
 * Shows (or hides, while the game goes on) the result banner.
 * @param {HTMLElement} el
 * @param {GameStatus} status
 */
export function showResult(el, status) {
  shown.set(el, () => writeResult(el, status));
  writeResult(el, status);
}

/**
 * Writes the result banner in the notation chosen now.
 * @param {HTMLElement} el
 * @param {GameStatus} status
 */
function writeResult(el, status) {
  if (status.result === 'ongoing') {
    el.hidden = true;
    el.textContent = '';
    return;
  }
  const { title, detail } = describeStatus(status);
  const key = `${status.result}|${status.reason}|${detail}`;
  if (!el.hidden && el.dataset.key === key) return;
  el.dataset.key = key;
  el.className = `banner result-${status.result}`;
  el.innerHTML = '';
  const h = document.createElement('strong');
  h.className = 'banner-title';
  h.textContent = title;
  el.appendChild(h);
  if (detail && detail !== title) {
    const p = document.createElement('span');
    p.className = 'banner-detail';
    p.textContent = detail;
    el.appendChild(p);
  }
  el.hidden = false;
}

/**
 * Shows the rule-set warning of a status (e.g. "Repeating once more loses: Red must play a
 * move that does not give check"), or hides the bar.
 * @param {HTMLElement} el
 * @param {GameStatus} status
 */
export function showWarning(el, status) {
  const write = () => {
    const warning = warningOf(status, getNotation());
    el.hidden = !warning;
    el.textContent = warning ? `⚠ ${warning}` : '';
  };
  shown.set(el, write);
  write();
}

/**
 * The status line: whose turn, check, or the result.
 * @param {GameStatus} status
 * @param {'red'|'black'} turn
 * @param {boolean} check
 */
export function statusLine(status, turn, check) {
  if (status.result !== 'ongoing') return t('game.over', { result: describeStatus(status).title });
  return t(check ? 'game.to-move-check' : 'game.to-move', { side: Name(turn) });
}

/** @param {'ongoing'|'red'|'black'|'draw'|'aborted'} result (an aborted game has no result: `*`) */
export function pgnResult(result) {
  return { red: '1-0', black: '0-1', draw: '1/2-1/2', ongoing: '*', aborted: '*' }[result] ?? '*';
}

/**
 * PGN of a game played in the page, written by the rules library (the games module, loaded
 * on first use): moves in WXF, the rule set, the start position, the result and how it ended
 * come from the game itself; `status` only adds a result the moves leave open (a
 * resignation, an agreed draw).
 * @param {{startFen: string|null, moves: string[], status: GameStatus, event?: string,
 *   red?: string, black?: string}} g
 * @returns {Promise<string>}
 * @throws {import('./xiangqi-wasm.js').WasmError} for a bad FEN or an illegal move
 */
export async function gamePgn(g) {
  const d = new Date();
  const date = `${d.getFullYear()}.${String(d.getMonth() + 1).padStart(2, '0')}.${String(d.getDate()).padStart(2, '0')}`;
  const result = pgnResult(g.status.result);
  return writeGame({
    fen: g.startFen,
    moves: g.moves,
    format: 'pgn',
    tags: [
      ['Game', 'Chinese Chess'],
      ['Event', g.event ?? 'Casual game'],
      ['Site', location.host],
      ['Date', date],
      ['Red', g.red ?? 'Red'],
      ['Black', g.black ?? 'Black'],
    ],
    result: result === '*' ? undefined : result,
  });
}

/** @type {number|undefined} */
let toastTimer;
/**
 * Shows a short notice at the bottom of the screen (also read by screen readers).
 * @param {string} text
 */
export function toast(text) {
  let el = document.getElementById('toast');
  if (!el) {
    el = document.createElement('div');
    el.id = 'toast';
    el.className = 'toast';
    // Said through the page's live region, in order with the moves, not read twice.
    el.setAttribute('aria-hidden', 'true');
    document.body.appendChild(el);
  }
  announce(text);
  el.textContent = text;
  el.classList.add('show');
  window.clearTimeout(toastTimer);
  const t = el;
  toastTimer = window.setTimeout(() => t.classList.remove('show'), 2200);
}

/**
 * Copies text to the clipboard (with a fallback for non-secure pages).
 * @param {string} text
 * @param {string} [what] named in the notice
 */
export async function copyText(text, what = t('game.text')) {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    const ta = document.createElement('textarea');
    ta.value = text;
    ta.setAttribute('readonly', '');
    ta.style.position = 'fixed';
    ta.style.opacity = '0';
    document.body.appendChild(ta);
    ta.select();
    try {
      document.execCommand('copy');
    } catch {
      /* nothing more to try */
    }
    ta.remove();
  }
  toast(t('game.copied', { what }));
}

/**
 * Downloads text as a file.
 * @param {string} name
 * @param {string} text
 * @param {string} [type]
 */
export function download(name, text, type = 'application/x-chess-pgn') {
  const a = document.createElement('a');
  a.href = URL.createObjectURL(new Blob([text], { type }));
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  window.setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

/**
 * Shows an error (with the list of its problems, e.g. those of a FEN), or hides the box
 * when `text` is empty.
 * @param {HTMLElement} el
 * @param {string} text
 * @param {string[]} [problems]
 */
export function showError(el, text, problems = []) {
  el.hidden = !text;
  el.textContent = text;
  if (problems.length) {
    const ul = document.createElement('ul');
    for (const p of problems) {
      const li = document.createElement('li');
      li.textContent = p;
      ul.appendChild(li);
    }
    el.appendChild(ul);
  }
}

/**
 * Writes the status line (`.dot` and `.text` inside `el`): the dot takes the colour of the
 * side to move, or of the winner once the game is over.
 * @param {HTMLElement} el
 * @param {GameStatus} status
 * @param {'red'|'black'} turn
 * @param {string} text
 */
export function showStatusLine(el, status, turn, text) {
  const over = status.result !== 'ongoing';
  const dot = /** @type {HTMLElement} */ (el.querySelector('.dot'));
  dot.className = `dot ${over ? (status.result === 'black' ? 'black' : 'red') : turn}`;
  /** @type {HTMLElement} */ (el.querySelector('.text')).textContent = text;
}

/**
 * Shows or hides the bar that says an earlier position is on the board (`ply` null: the
 * live one); its first child holds the text.
 * @param {HTMLElement|null} el
 * @param {number|null} ply
 */
export function showViewing(el, ply) {
  if (!el) return;
  el.hidden = ply === null;
  /** @type {HTMLElement} */ (el.firstElementChild).textContent =
    ply === 0 ? t('game.viewing-start') : t('game.viewing-after', { ply: ply ?? 0 });
}

/**
 * Makes `button` act only on a second click within 4 s (no dialog to dismiss by accident):
 * the first click changes its text to `confirm`.
 * @param {HTMLElement} button
 * @param {string} confirm e.g. "Click again to resign"
 * @param {() => void} action
 * @param {AbortSignal} [signal] removes the listener when aborted
 */
export function confirmButton(button, confirm, action, signal) {
  const label = button.textContent ?? '';
  let armed = 0;
  button.addEventListener('click', () => {
    if (Date.now() - armed < 4000) {
      armed = 0;
      button.textContent = label;
      action();
    } else {
      armed = Date.now();
      button.textContent = confirm;
      window.setTimeout(() => {
        if (Date.now() - armed >= 3900) button.textContent = label;
      }, 4000);
    }
  }, { signal });
}

/**
 * The address of the analysis board for a game: `/analysis?fen=<start FEN>&moves=<ICCS,…>`.
 * @param {string|null} startFen null: the start position
 * @param {string[]} moves ICCS
 */
export function analysisHref(startFen, moves) {
  return `/analysis?fen=${encodeURIComponent(startFen ?? START_FEN)}&moves=${moves.map(encodeURIComponent).join(',')}`;
}

/**
 * @typedef {object} Replayed
 * @property {string|null} startFen the game's start as it now stands (null: the start position)
 * @property {string[]} moves the moves that replay (a prefix of those given)
 * @property {import('./api.js').PositionInfo} info the rules module's answer for them
 * @property {{text: string, problems: string[]}|null} problem why the game was changed
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
 * Asks before a game in progress of `n` moves is discarded, in a modal dialog (dialog.js,
 * loaded when first needed).
 * @param {number} n
 * @param {string} title e.g. "Start a new game?"
 * @param {string} confirm the button that discards it
 * @returns {Promise<boolean>} whether the player agreed
 */
export async function askDiscard(n, title, confirm) {
  const { askConfirm } = await import('./dialog.js');
  return askConfirm({ title, text: t('game.will-be-lost', { moves: movesText(n) }), confirm, cancel: t('game.keep-playing') });
}

/**
 * Shows why a link's position was refused (the rules library's list of problems, or its
 * message) in `el`'s first child, and `el` until the player dismisses it (its button).
 * @param {HTMLElement} el
 * @param {unknown} e what the rules module threw
 * @param {string} after said after the reasons
 */
export function showLinkProblem(el, e, after) {
  const problems = e instanceof ApiError ? e.problems : [];
  const why = problems.length ? '' : `: ${e instanceof Error ? e.message : String(e)}`;
  showError(/** @type {HTMLElement} */ (el.firstElementChild), t('game.link-refused', { why }) + after, problems);
  el.hidden = false;
  el.querySelector('button')?.addEventListener('click', () => { el.hidden = true; }, { once: true });
}

/**
 * Shows (with `what`, e.g. "2 moves") or hides the bar offering the game a link set aside.
 * @param {HTMLElement} el its first child holds the text
 * @param {string|null} what
 */
export function showSetAside(el, what) {
  el.hidden = what === null;
  if (what !== null) /** @type {HTMLElement} */ (el.firstElementChild).textContent = t('game.earlier-kept', { what });
}

/** @param {number} n @returns {string} "1 move", "2 moves" */
export const movesText = (n) => t(n === 1 ? 'game.one-move' : 'game.moves', { n });

/**
 * Wires the game menu's buttons (`[data-menu=copy-fen|copy-moves|pgn]` inside `root`).
 * @param {HTMLElement} root
 * @param {{startFen: () => string, moves: () => string[], pgn: () => (Promise<void>|void)}} actions
 * @param {AbortSignal} [signal] removes the listeners when aborted
 */
export function wireGameMenu(root, actions, signal) {
  root.querySelector('[data-menu=copy-fen]')?.addEventListener('click', () => copyText(actions.startFen(), t('game.start-fen')), { signal });
  root.querySelector('[data-menu=copy-moves]')?.addEventListener('click', () =>
    copyText(actions.moves().join(' '), t('game.iccs-moves')), { signal });
  root.querySelector('[data-menu=pgn]')?.addEventListener('click', () => actions.pgn(), { signal });
}

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
 * A board with a move list; stepping back shows earlier positions read-only (each asked of
 * the server once), and the live position comes back with the last move or "Back to game".
 */
export class GameView {
  /**
   * @param {{board: HTMLElement, moves: HTMLElement, onMove: (m: string) => void,
   *   orientation?: 'red'|'black', onView?: (ply: number|null) => void}} opts
   */
  constructor(opts) {
    this.opts = opts;
    this.board = new Board(opts.board, { orientation: opts.orientation ?? 'red', onMove: (m) => opts.onMove(m) });
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
