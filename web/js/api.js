// @ts-check
/**
 * @file The pages' one client of the server's HTTP API (docs/protocol.md), its message types,
 * and what the browser keeps of its rooms; the room WebSocket is room-socket.js.
 *
 * - `request(method, path, body)`, `api.get(path)`, `api.post(path, body)`: JSON in and out;
 *   HTTP errors throw `ApiError` with the server's `code`, `message` and `problems`, in the
 *   page's language.
 * - `position(fen, moves)`: legal moves, check, status and notation, answered in the page by
 *   the rules module (xiangqi-wasm.js) with no server round trip; `POST /api/position` only
 *   where the module cannot load.
 * - `seatKey`, `loadSeat`, `storeSeat`, `heldSeats`: the seat token of a room in localStorage
 *   (`xiangqi.seat.<CODE>`); `loadWatch`, `storeWatch`: the watcher credential of a room with
 *   a password (`xiangqi.watch.<CODE>`).
 * - `loadJSON`, `saveJSON`: localStorage that never throws.
 */

import { localPosition, WasmError } from './xiangqi-wasm.js';
import { announceNetwork } from './offline.js';
import { errorParts, errorText, t } from './i18n.js';

/**
 * One ply of a repetition cycle (docs/protocol.md, CYCLE).
 * @typedef {object} CyclePly
 * @property {number} ply 1 for the game's first move
 * @property {number} move_number as the move list counts it
 * @property {string} iccs
 * @property {string} wxf
 * @property {string|null} chinese
 * @property {'red'|'black'} side the side that moved
 * @property {string} piece the piece that moved (chariot, horse, …)
 * @property {'check'|'chase'|'kill'|'idle'} kind
 * @property {{piece: string, square: string}|null} [checker] for a check: the piece giving it (not always the one that moved)
 * @property {{piece: string, square: string}|null} chaser for a chase: the chasing piece
 * @property {{color: 'red'|'black', piece: string, square: string}|null} target for a chase: the chased piece
 */

/**
 * A judged repetition cycle: the data behind a repetition ruling or warning.
 * @typedef {object} Cycle
 * @property {number} first_ply
 * @property {number} last_ply
 * @property {number} occurrences how many times the position has occurred
 * @property {'red'|'black'|null} offender the side at fault (null: a draw)
 * @property {string} reason perpetual_check, perpetual_chase or repetition
 * @property {{red: string, black: string}} conduct allowed, perpetual_check or perpetual_chase
 * @property {CyclePly[]} plies
 */

/**
 * @typedef {object} GameStatus
 * @property {'ongoing'|'red'|'black'|'draw'|'aborted'} result
 * @property {string|null} reason
 * @property {string} [explanation]
 * @property {string|null} [warning]
 * @property {Cycle|null} [cycle]
 */

/**
 * @typedef {object} PositionInfo
 * @property {string} fen
 * @property {'red'|'black'} turn
 * @property {string[]} legal
 * @property {boolean} check
 * @property {GameStatus} status
 * @property {string[]} wxf
 * @property {string[]} chinese
 */

/**
 * @typedef {object} PlayerInfo
 * @property {boolean} seated
 * @property {boolean} connected
 * @property {boolean} computer
 * @property {number|null} [away_ms] how long the seated player has been away
 * @property {string|null} [name] the display name the player chose
 */

/**
 * @typedef {object} GameSnapshot
 * @property {string} code
 * @property {string} rules
 * @property {{initial_s: number, increment_s: number}|null} time_control
 * @property {{level: number, color: 'red'|'black'}|null} computer the engine's seat this round
 * @property {boolean} [colors_swapped] the seats play the other colours than in round 1
 * @property {number} round
 * @property {string} start_fen
 * @property {string[]} moves
 * @property {string[]} wxf
 * @property {string[]} chinese
 * @property {string} fen
 * @property {'red'|'black'} turn
 * @property {string[]} legal
 * @property {boolean} check
 * @property {string|null} last_move
 * @property {{red_ms: number, black_ms: number, running: 'red'|'black'|null}|null} clocks
 * @property {GameStatus} status
 * @property {'red'|'black'|null} draw_offer
 * @property {'red'|'black'|null} new_round_request
 * @property {{red: PlayerInfo, black: PlayerInfo}} players
 * @property {number} [claim_after_s] seconds away after which the opponent may claim or abort
 * @property {number} [watchers] how many connections watch the room now
 * @property {{round: number, result: string, reason: string|null, moves: number}[]} [history]
 * @property {number} [finished_rounds] how many rounds have finished (this one included once over)
 * @property {{red: number, black: number}} [match_score] the points each seat has won in the
 *   finished rounds (a win 1, a draw ½), by the colour it plays this round
 */

/**
 * @typedef {object} ChatLine
 * @property {'red'|'black'} color the colour the writer played when writing
 * @property {string|null} name the writer's display name then
 * @property {string} text
 */

/**
 * @typedef {object} ServerMessage
 * @property {string} t
 * @property {number} [v]
 * @property {'red'|'black'|null} [you]
 * @property {GameSnapshot} [game]
 * @property {string} [kind]
 * @property {'red'|'black'} [color]
 * @property {string} [move]
 * @property {string} [wxf]
 * @property {string} [code]
 * @property {string} [message]
 * @property {number} [retry_after_s] an `error`: seconds to wait before trying again
 *   (`engine_busy`)
 * @property {{red: PlayerInfo, black: PlayerInfo}} [players]
 * @property {number} [round]
 * @property {boolean} [swap] a `new_round` event: the players swap colours
 * @property {string|null} [name] a `name` event: the display name chosen; a `chat` event:
 *   the writer's name then
 * @property {string} [text] a `chat` event: the line
 * @property {ChatLine[]} [chat] a `state`: the room's latest chat lines, oldest first
 * @property {number} [watchers] a `presence`: how many connections watch the room now
 * @property {{red_ms: number, black_ms: number, running: 'red'|'black'|null}} [clocks]
 */

/** An HTTP error answered by the server (or a network failure, code `network`). */
export class ApiError extends Error {
  /**
   * @param {number} status
   * @param {string} code
   * @param {string} message
   * @param {string[]} [problems]
   * @param {Record<string, string|number>} [parts] what the code's text names (`seconds`)
   */
  constructor(status, code, message, problems = [], parts = {}) {
    super(errorText(code, message, parts));
    /** The server's own (English) message. */
    this.serverMessage = message;
    this.status = status;
    this.code = code;
    this.problems = problems;
  }
}

/**
 * Sends a JSON request and returns the parsed JSON answer (null for an empty body).
 * @param {'GET'|'POST'|'DELETE'} method
 * @param {string} path
 * @param {unknown} [body]
 * @returns {Promise<any>}
 * @throws {ApiError} the server's error, or code `network` (status 0) when it cannot be reached
 */
export async function request(method, path, body) {
  /** @type {Response} */
  let res;
  try {
    res = await fetch(path, {
      method,
      headers: body === undefined
        ? { accept: 'application/json' }
        : { 'content-type': 'application/json', accept: 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    announceNetwork('down');
    throw new ApiError(0, 'network', t('errors.network'));
  }
  announceNetwork('up');
  const text = await res.text();
  /** @type {any} */
  let json = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  if (!res.ok) {
    const err = json && typeof json === 'object' && json.error ? json.error : {};
    throw new ApiError(
      res.status,
      typeof err.code === 'string' ? err.code : `http_${res.status}`,
      typeof err.message === 'string' && err.message ? err.message : t('errors.status', { status: res.status }),
      Array.isArray(err.problems) ? err.problems.map(String) : [],
      errorParts(err),
    );
  }
  return json;
}

export const api = {
  /** @param {string} path */
  get: (path) => request('GET', path),
  /** @param {string} path @param {unknown} body */
  post: (path, body) => request('POST', path, body),
};

/**
 * Legal moves, check, status and notation of a game: the rules module's answer (the same
 * as `POST /api/position`'s), or the server's where the module cannot be loaded.
 * @param {string|null} fen null: the start position
 * @param {string[]} moves ICCS moves played from it
 * @returns {Promise<PositionInfo>}
 * @throws {ApiError} status 422 with the code and problems of a bad FEN or move
 */
export async function position(fen, moves) {
  try {
    return await localPosition(fen, moves);
  } catch (e) {
    if (e instanceof WasmError) throw new ApiError(422, e.code, e.message, e.problems);
    return api.post('/api/position', { fen, moves });
  }
}

/** localStorage key of the seat token of room `code`. @param {string} code */
export const seatKey = (code) => `xiangqi.seat.${code}`;

/** @param {string} code @returns {string|null} */
export function loadSeat(code) {
  try {
    return localStorage.getItem(seatKey(code));
  } catch {
    return null;
  }
}

/**
 * Every seat token this browser keeps (one per room it sat down in), for "My games"
 * without an account; empty where storage is unavailable.
 * @returns {string[]}
 */
export function heldSeats() {
  const prefix = seatKey('');
  /** @type {string[]} */
  const seats = [];
  try {
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i);
      const seat = key?.startsWith(prefix) ? localStorage.getItem(key) : null;
      if (seat) seats.push(seat);
    }
  } catch {
    /* private mode: no seats kept */
  }
  return seats;
}

/** @param {string} code @param {string} token */
export function storeSeat(code, token) {
  try {
    localStorage.setItem(seatKey(code), token);
  } catch {
    /* private mode: the seat lives as long as the page */
  }
}

/**
 * The watcher credential of room `code` (a room with a password), or null.
 * @param {string} code
 * @returns {string|null}
 */
export function loadWatch(code) {
  try {
    return localStorage.getItem(`xiangqi.watch.${code.toUpperCase()}`);
  } catch {
    return null;
  }
}

/**
 * Keeps the watcher credential of room `code`; null forgets it.
 * @param {string} code
 * @param {string|null|undefined} watch
 */
export function storeWatch(code, watch) {
  try {
    const key = `xiangqi.watch.${code.toUpperCase()}`;
    if (typeof watch === 'string') localStorage.setItem(key, watch);
    else localStorage.removeItem(key);
  } catch {
    /* private mode: the credential lives as long as the page */
  }
}

/**
 * @param {string} key
 * @returns {any}
 */
export function loadJSON(key) {
  try {
    const s = localStorage.getItem(key);
    return s ? JSON.parse(s) : null;
  } catch {
    return null;
  }
}

/**
 * @param {string} key
 * @param {unknown} value null removes the key
 */
export function saveJSON(key, value) {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, JSON.stringify(value));
  } catch {
    /* storage full or unavailable */
  }
}
