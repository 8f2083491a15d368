// @ts-check
/**
 * @file A room game over the WebSocket, for /play/{code} (where a computer room created over
 * the API plays too): snapshot and events → board, move list, status line, result banner,
 * warnings, players (connection state, clocks counting down locally, the computer's
 * "thinking" indicator), resign, draw offers and new rounds by agreement, a link to the
 * analysis board once a game is over, and server errors in words. Expects the page to
 * contain the elements with the ids used below (see play.html).
 */

import { RoomSocket } from './room-socket.js';
import { t } from './i18n.js';
import { GameView } from './game-view.js';
import { RoundRecord } from './room-record.js';
import {
  showResult, showWarning, statusLine, showViewing, showStatusLine,
} from './game-status.js';
import { wireGameMenu, analysisHref, showReplayLink } from './game-files.js';
import { confirmButton } from './notices.js';
import { storedName, wireTyping } from './room-typing.js';
import { announceEvent, errorText, showChat, sideName } from './room-notices.js';
import { formatCountdown, other, renderClocks, renderSeats } from './room-seats.js';

/** @typedef {import('./api.js').GameSnapshot} GameSnapshot */
/** @typedef {import('./api.js').ServerMessage} ServerMessage */

/** @param {string} id */
const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));
/** @param {string} id */
const maybe = (id) => document.getElementById(id);

export class RoomGame {
  /**
   * @param {{code: string, seat: string|null, watch?: string|null, computerLevelNames?: string[],
   *   onState?: (g: GameSnapshot, you: 'red'|'black'|null) => void,
   *   onPasswordNeeded?: () => void}} opts
   */
  constructor(opts) {
    this.code = opts.code;
    this.opts = opts;
    /** @type {GameSnapshot|null} */
    this.game = null;
    /** @type {'red'|'black'|null} the colour this seat plays in the current round */
    this.you = null;
    /** The round `you` was last set for (new rounds swap the colours). */
    this.youRound = 0;
    this.receivedAt = 0;
    /** When the players (and their `away_ms`) last arrived, by performance.now(). */
    this.presenceAt = 0;
    this.userFlipped = false;
    this.orientedFor = /** @type {string|null} */ (null);
    this.abort = new AbortController();
    this.view = new GameView({
      board: $('board'),
      moves: $('moves'),
      onMove: (m) => this.sendMove(m),
      onView: (ply) => showViewing(maybe('viewing'), ply),
      whyNoMove: () => this.whyNoMove(),
    });
    this.record = new RoundRecord(maybe('round-record'), opts.code, opts.watch ?? null);
    this.socket = new RoomSocket(opts.code, opts.seat, {
      onMessage: (m) => this.onMessage(m),
      onState: (s) => this.onSocketState(s),
    }, opts.watch ?? null);
    this.wire();
    this.timer = window.setInterval(() => this.tick(), 200);
  }

  wire() {
    const signal = this.abort.signal;
    maybe('back-to-game')?.addEventListener('click', () => this.view.backToGame(), { signal });
    maybe('flip')?.addEventListener('click', () => {
      this.userFlipped = true;
      this.view.board.flip();
      this.renderPlayers();
    }, { signal });
    const resign = maybe('resign');
    if (resign) confirmButton(resign, t('game.confirm-resign'), () => this.send({ t: 'resign' }), signal);
    maybe('abort')?.addEventListener('click', () => this.send({ t: 'abort' }), { signal });
    maybe('claim')?.addEventListener('click', () => this.send({ t: 'claim' }), { signal });
    maybe('offer-draw')?.addEventListener('click', () => this.send({ t: 'draw', action: 'offer' }), { signal });
    maybe('accept-draw')?.addEventListener('click', () => this.send({ t: 'draw', action: 'accept' }), { signal });
    maybe('decline-draw')?.addEventListener('click', () => this.send({ t: 'draw', action: 'decline' }), { signal });
    maybe('new-round')?.addEventListener('click', () => this.send({ t: 'new_round', action: 'request' }), { signal });
    maybe('accept-round')?.addEventListener('click', () => this.send({ t: 'new_round', action: 'accept' }), { signal });
    maybe('decline-round')?.addEventListener('click', () => this.send({ t: 'new_round', action: 'decline' }), { signal });
    wireTyping({
      send: (msg) => this.send(msg),
      sendName: () => this.sendName(),
      showError: (text) => this.showError(text),
    }, signal);
    const menu = maybe('menu');
    if (menu) {
      wireGameMenu(menu, {
        startFen: () => this.game?.start_fen ?? '',
        moves: () => this.game?.moves ?? [],
        pgn: () => {
          const a = document.createElement('a');
          const watch = this.opts.watch ? `?watch=${encodeURIComponent(this.opts.watch)}` : '';
          a.href = `/api/rooms/${encodeURIComponent(this.code)}/game.pgn${watch}`;
          a.download = `xiangqi-${this.code}-round${this.game?.round ?? 1}.pgn`;
          document.body.appendChild(a);
          a.click();
          a.remove();
        },
      }, signal);
    }
  }

  close() {
    window.clearInterval(this.timer);
    this.abort.abort();
    this.socket.close();
    this.view.board.destroy();
  }

  /** @param {Record<string, unknown>} msg */
  send(msg) {
    if (!this.socket.send(msg)) {
      this.showError(t('room.not-connected'));
      return false;
    }
    return true;
  }

  /** Tells the room this browser's display name, if it has one the room does not show yet. */
  sendName() {
    const name = storedName();
    const g = this.game;
    if (!name || !g || !this.you || g.players[this.you].name === name) return;
    this.send({ t: 'name', name });
  }

  /** @param {string} m */
  sendMove(m) {
    const g = this.game;
    if (!g) return;
    if (!this.send({ t: 'move', ply: g.moves.length, move: m })) this.render();
  }

  /** @param {string} text */
  showError(text) {
    const el = maybe('error');
    if (!el) return;
    el.hidden = !text;
    el.textContent = text;
  }

  /** @param {import('./room-socket.js').SocketState} s */
  onSocketState(s) {
    const el = maybe('connection');
    if (el) {
      el.hidden = s === 'open';
      el.textContent = s === 'reconnecting' ? t('room.reconnecting')
        : s === 'restarting' ? t('room.restarting')
          : s === 'connecting' ? t('play.connecting') : s === 'closed' ? t('room.disconnected') : '';
    }
    if (s === 'open') this.showError('');
    this.render();
  }

  /** @param {ServerMessage} m */
  onMessage(m) {
    switch (m.t) {
      case 'state':
        this.you = m.you ?? null;
        this.youRound = m.game?.round ?? 0;
        if (m.game) this.setGame(m.game, false);
        showChat(m.chat ?? [], true);
        // Each hello is answered by a state: the seat's name is (re)sent if the room lacks it.
        this.sendName();
        break;
      case 'event':
        // A new round that swaps colours: this seat now plays the other colour (once, even
        // if the event arrives again).
        if (m.kind === 'new_round' && m.swap && this.you && (m.round ?? 0) > this.youRound) {
          this.you = other(this.you);
        }
        if (m.kind === 'new_round') this.youRound = Math.max(this.youRound, m.round ?? 0);
        if (m.game) this.setGame(m.game, true);
        this.onEvent(m);
        break;
      case 'clocks':
        // A clock paused or resumed (or the clocks after replayed events): count from here.
        if (this.game && m.clocks) {
          this.game.clocks = m.clocks;
          this.receivedAt = performance.now();
          this.tick();
        }
        break;
      case 'presence':
        if (this.game && m.players) {
          this.game.players = m.players;
          if (typeof m.watchers === 'number') this.game.watchers = m.watchers;
          this.presenceAt = performance.now();
          this.render();
        }
        break;
      case 'error':
        if (m.code === 'password_needed' && this.opts.onPasswordNeeded) {
          this.opts.onPasswordNeeded();
          break;
        }
        this.showError(errorText(m));
        if (m.code === 'stale_ply' || m.code === 'illegal_move' || m.code === 'opponent_away' || m.code === 'not_your_turn' || m.code === 'game_over') {
          // Put the board back to the authoritative position.
          this.render(true);
        }
        break;
      case 'replaced':
        this.showError(t('room.replaced'));
        break;
      default:
        break;
    }
  }

  /** @param {ServerMessage} m an `event` message */
  onEvent(m) {
    if (m.kind === 'chat') {
      if (m.color && typeof m.text === 'string') showChat([{ color: m.color, name: m.name ?? null, text: m.text }]);
      return;
    }
    if (m.kind === 'move') this.showError('');
    announceEvent(m, this.you);
  }

  /**
   * @param {GameSnapshot} g
   * @param {boolean} announce
   */
  setGame(g, announce) {
    this.game = g;
    this.receivedAt = performance.now();
    this.presenceAt = this.receivedAt;
    if (!this.userFlipped && this.orientedFor !== (this.you ?? 'watch')) {
      this.orientedFor = this.you ?? 'watch';
      this.view.board.setOrientation(this.you === 'black' ? 'black' : 'red');
    }
    this.render(false, announce);
    this.opts.onState?.(g, this.you);
  }

  /**
   * Why a click on the board plays nothing now, in the player's words, or null when the
   * player can move: moves wait for the connection, for an opponent to join or come back
   * (both players must be connected; the server refuses a move otherwise), and for the
   * player's turn; a watcher never moves; an earlier position is only looked at.
   * @returns {string|null}
   */
  whyNoMove() {
    const g = this.game;
    if (!g) return t('play.connecting');
    if (this.canMove() && this.view.viewing === null) return null;
    if (!this.you) return t('room.why-watching');
    if (g.status.result !== 'ongoing') return t('room.why-over');
    if (this.socket.state !== 'open') return t('room.why-offline');
    if (this.view.viewing !== null) return t('room.why-viewing');
    const opp = g.players[other(this.you)];
    if (!opp.seated) return t('room.why-waiting');
    if (!opp.connected && !opp.computer) {
      const left = this.awayLeftMs();
      // null: the server has not said for how long (no countdown to give).
      if (left === null) return t('room.why-away-paused');
      return left > 0 ? t('room.why-away', { time: formatCountdown(left) }) : t('room.why-away-gone');
    }
    return t('room.why-their-turn');
  }

  /** Can the user move now? */
  canMove() {
    const g = this.game;
    if (!g || !this.you || this.socket.state !== 'open') return false;
    if (g.status.result !== 'ongoing' || g.turn !== this.you) return false;
    const opp = g.players[other(this.you)];
    return opp.seated && (opp.connected || opp.computer);
  }

  /**
   * @param {boolean} [force] redraw the board even if nothing changed (after a refusal)
   * @param {boolean} [announce]
   */
  render(force = false, announce = true) {
    const g = this.game;
    if (!g) return;
    if (force) this.view.live = null;
    this.view.update({
      startFen: g.start_fen,
      moves: g.moves,
      wxf: g.wxf,
      chinese: g.chinese,
      fen: g.fen,
      legal: this.canMove() ? g.legal : [],
      check: g.check,
      lastMove: g.last_move,
      status: g.status,
    }, { announce: announce && !force ? undefined : false });
    if (!force && this.view.viewing === null) this.view.board.setLegal(this.canMove() ? g.legal : []);

    const over = g.status.result !== 'ongoing';
    let line = statusLine(g.status, g.turn, g.check);
    if (!over && this.you) {
      const opp = g.players[other(this.you)];
      if (!opp.seated) line = t('room.waiting-opponent');
      else if (!opp.connected && !opp.computer) line = t('room.opponent-away', { line });
      else if (g.turn === this.you) line = t(g.check ? 'computer.your-move-check' : 'computer.your-move');
      else if (opp.computer) line = t(g.check ? 'computer.thinking-check' : 'computer.thinking');
      else line = t(g.check ? 'room.their-move-check' : 'room.their-move', { side: sideName(g.turn) });
    } else if (!over && !this.you) {
      line = t('room.watching', { line });
    }
    showStatusLine($('status'), g.status, g.turn, line);
    showResult($('banner'), g.status);
    showWarning($('warning'), g.status);
    this.renderActions();
    this.renderPlayers();
  }

  renderActions() {
    const g = this.game;
    if (!g) return;
    const over = g.status.result !== 'ongoing';
    const seated = !!this.you;
    const vsComputer = !!g.computer;
    /** @param {string} id @param {boolean} show */
    const vis = (id, show) => {
      const el = maybe(id);
      if (el) el.hidden = !show;
    };
    const theirOffer = g.draw_offer && g.draw_offer !== this.you;
    const myOffer = g.draw_offer && g.draw_offer === this.you;
    // Nobody to resign to or to offer a draw while the other seat is still empty.
    const opponentSeated = !!this.you && !!g.players[other(this.you)]?.seated;
    vis('resign', seated && !over && opponentSeated);
    vis('offer-draw', seated && !over && !vsComputer && !g.draw_offer && opponentSeated);
    vis('draw-offered', seated && !over && !!myOffer);
    vis('draw-answer', seated && !over && !!theirOffer);
    const theirRound = g.new_round_request && g.new_round_request !== this.you;
    const myRound = g.new_round_request && g.new_round_request === this.you;
    vis('new-round', seated && over && !vsComputer && !g.new_round_request);
    vis('round-requested', seated && over && !!myRound);
    vis('round-answer', seated && over && !!theirRound);
    vis('analyse', over);
    vis('name-form', seated && !vsComputer);
    vis('chat', !vsComputer);
    vis('chat-form', seated);
    const analyse = maybe('analyse');
    if (analyse instanceof HTMLAnchorElement && over) analyse.href = analysisHref(g.start_fen, g.moves);
    showReplayLink(g.start_fen, g.moves, over);
    this.record.update(g.round ?? 1, over);
    this.renderLeaving();
  }

  /**
   * While this seat plays and its opponent is away: the milliseconds until the win can be
   * claimed or the game aborted (0 once it can); null otherwise.
   * @returns {number|null}
   */
  awayLeftMs() {
    const g = this.game;
    if (!g || !this.you || g.status.result !== 'ongoing') return null;
    const p = g.players[other(this.you)];
    if (!p || !p.seated || p.connected || p.computer || typeof p.away_ms !== 'number') return null;
    const away = p.away_ms + performance.now() - this.presenceAt;
    return Math.max(0, (g.claim_after_s ?? 60) * 1000 - away);
  }

  /** Whether the opponent has been away long enough to claim the win or abort. */
  opponentGone() {
    return this.awayLeftMs() === 0;
  }

  /** Shows Abort (before both sides moved, or with the opponent gone) and Claim the win. */
  renderLeaving() {
    const g = this.game;
    if (!g) return;
    const playing = !!this.you && g.status.result === 'ongoing';
    const gone = this.opponentGone();
    const abort = maybe('abort');
    if (abort) abort.hidden = !(playing && (g.moves.length < 2 || gone));
    const claim = maybe('claim');
    if (claim) claim.hidden = !(playing && gone);
    const countdown = maybe('away-countdown');
    if (countdown) {
      const left = this.awayLeftMs();
      countdown.hidden = !left;
      if (left) countdown.textContent = t('room.away-countdown', { time: formatCountdown(left) });
    }
  }

  renderPlayers() {
    const g = this.game;
    if (!g) return;
    renderSeats(g, { bottom: this.view.board.orientation, you: this.you, levelNames: this.opts.computerLevelNames ?? [] });
    this.tick();
  }

  /** Counts the clocks and the away countdown down (five times a second). */
  tick() {
    const g = this.game;
    if (!g) return;
    this.renderLeaving();
    renderClocks(g.clocks, g.status.result !== 'ongoing', this.view.board.orientation, this.receivedAt);
  }
}
