// @ts-check
/**
 * @file One room's WebSocket (`/ws/rooms/{code}`, docs/protocol.md): `hello {seat, watch, v}`
 * on every (re)connection, reconnection with backoff, and the last event number seen. The
 * messages' types are in api.js, the pages' client of the HTTP API.
 */

/** @typedef {import('./api.js').ServerMessage} ServerMessage */

/** @typedef {'connecting'|'open'|'reconnecting'|'restarting'|'closed'} SocketState */

/** Close code of a game socket when the server stops to restart (docs/protocol.md). */
export const RESTART_CLOSE_CODE = 1012;

/**
 * One room's WebSocket. Sends `hello {seat, watch, v}` on every (re)connection with the last
 * event number seen, reconnects with exponential backoff (0.5 s … 10 s) until `close()`, and
 * hands every server message to `onMessage`. After a close with {@link RESTART_CLOSE_CODE}
 * (the server restarts) its state is `restarting` and it tries again every second or so
 * until the server is back (then backs off as usual after 30 tries).
 */
export class RoomSocket {
  /**
   * @param {string} code room code
   * @param {string|null} seat seat token (null: watch)
   * @param {{onMessage: (m: ServerMessage) => void, onState?: (s: SocketState) => void}} handlers
   * @param {string|null} [watch] watcher credential of a room with a password
   */
  constructor(code, seat, handlers, watch = null) {
    this.code = code;
    this.seat = seat;
    this.watch = watch;
    this.handlers = handlers;
    /** Last event number seen. */
    this.v = 0;
    /** How many times in a row an older state or a gap was asked for again. */
    this.reasked = 0;
    this.attempt = 0;
    /** Set by a close with RESTART_CLOSE_CODE until the next connection opens. */
    this.restarting = false;
    this.closed = false;
    /** @type {WebSocket|null} */
    this.ws = null;
    /** @type {number|undefined} */
    this.timer = undefined;
    /** @type {SocketState} */
    this.state = 'connecting';
    this._onOnline = () => {
      if (this.state === 'reconnecting' || this.state === 'restarting') this._reconnectNow();
    };
    window.addEventListener('online', this._onOnline);
    this._connect();
  }

  /** @param {SocketState} s */
  _setState(s) {
    this.state = s;
    this.handlers.onState?.(s);
  }

  _connect() {
    const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
    const ws = new WebSocket(`${proto}//${location.host}/ws/rooms/${encodeURIComponent(this.code)}`);
    this.ws = ws;
    ws.onopen = () => {
      this.attempt = 0;
      this.restarting = false;
      ws.send(JSON.stringify({ t: 'hello', seat: this.seat, watch: this.watch, v: this.v }));
      this._setState('open');
    };
    ws.onmessage = (e) => {
      /** @type {ServerMessage} */
      let m;
      try {
        m = JSON.parse(String(e.data));
      } catch {
        return;
      }
      if (typeof m.v === 'number' && (m.t === 'state' || m.t === 'event')) {
        const verdict = this._order(m.t, m.v);
        if (verdict === 'drop') return;
        if (verdict === 'reask') {
          // Older than what this page has, or with events missing between: whichever node
          // sent it runs the room on an old copy. Reconnect with the last event number and be
          // answered anew, rather than take a confirmed move off the board.
          ws.close();
          return;
        }
        this.v = m.v;
        this.reasked = 0;
      }
      // Replaced by another tab, or a password room watched without its credential: the
      // server closes the socket, and trying again would not help.
      if (m.t === 'replaced' || (m.t === 'error' && m.code === 'password_needed')) this.closed = true;
      this.handlers.onMessage(m);
    };
    ws.onclose = (e) => {
      if (this.ws !== ws) return;
      this.ws = null;
      if (this.closed) {
        this._setState('closed');
        return;
      }
      if (e.code === RESTART_CLOSE_CODE) {
        this.restarting = true;
        this.attempt = 0;
      }
      this._setState(this.restarting ? 'restarting' : 'reconnecting');
      const base = this.restarting && this.attempt < 30 ? 1000 : Math.min(10000, 500 * 2 ** this.attempt);
      const delay = base * (0.75 + Math.random() * 0.5);
      this.attempt += 1;
      this.timer = window.setTimeout(() => this._connect(), delay);
    };
  }

  /**
   * Decides what to do with a state or an event numbered `v`, so that the page never goes
   * back: an event it has already is dropped; a state older than what it has, or an event
   * after a gap, is asked for again (twice at most: then the server's answer stands, as
   * when a room was restored from an older copy).
   * @param {'state'|'event'} t
   * @param {number} v
   * @returns {'take'|'drop'|'reask'}
   */
  _order(t, v) {
    if (t === 'event' && v <= this.v) return 'drop';
    const behind = t === 'state' ? v < this.v : this.v > 0 && v > this.v + 1;
    if (!behind || this.reasked >= 2) return 'take';
    this.reasked += 1;
    return 'reask';
  }

  _reconnectNow() {
    window.clearTimeout(this.timer);
    this.attempt = 0;
    if (!this.ws) this._connect();
  }

  /**
   * Sends a message; false when the socket is not open.
   * @param {Record<string, unknown>} msg
   */
  send(msg) {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN) return false;
    this.ws.send(JSON.stringify(msg));
    return true;
  }

  close() {
    this.closed = true;
    window.clearTimeout(this.timer);
    window.removeEventListener('online', this._onOnline);
    this.ws?.close();
    this.ws = null;
    this._setState('closed');
  }
}
