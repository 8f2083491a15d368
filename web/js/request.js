// @ts-check
/**
 * JSON requests to the server for the home, lobby, puzzle and rules pages.
 * Errors follow docs/protocol.md: `{"error": {"code", "message", "problems"?}}`.
 * `positionOf` answers the position service in the page (the rules module).
 */

import { localPosition, WasmError } from './xiangqi-wasm.js';
import { announceNetwork } from './offline.js';
import { errorParts, errorText, t } from './i18n.js';

/** An HTTP error answered by the server (or a network failure, status 0). */
export class RequestError extends Error {
  /**
   * @param {number} status
   * @param {string} code
   * @param {string} message
   * @param {string[]} problems
   * @param {Record<string, string|number>} [parts] what the code's text names (`seconds`)
   */
  constructor(status, code, message, problems, parts = {}) {
    super(errorText(code, message, parts));
    /** The server's own (English) message. */
    this.serverMessage = message;
    this.name = 'RequestError';
    this.status = status;
    this.code = code;
    this.problems = problems;
  }
}

/**
 * Sends a JSON request and returns the parsed JSON answer.
 * @param {'GET' | 'POST'} method
 * @param {string} path
 * @param {unknown} [body]
 * @returns {Promise<any>}
 */
export async function request(method, path, body) {
  /** @type {Response} */
  let res;
  try {
    res = await fetch(path, {
      method,
      headers: body === undefined ? { accept: 'application/json' } : { 'content-type': 'application/json', accept: 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    announceNetwork('down');
    throw new RequestError(0, 'network', t('errors.network'), []);
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
    const message = typeof err.message === 'string' && err.message ? err.message : t('errors.status', { status: res.status });
    const problems = Array.isArray(err.problems) ? err.problems.map(String) : [];
    throw new RequestError(res.status, typeof err.code === 'string' ? err.code : 'http_' + res.status, message, problems, errorParts(err));
  }
  return json;
}

/** localStorage key of the seat token of a room (read by the play page). */
export const seatKey = (/** @type {string} */ code) => `xiangqi.seat.${code}`;

/**
 * Stores a room's seat token; storage may be unavailable (private mode), which is not fatal.
 * @param {string} code
 * @param {string} token
 */
export function storeSeat(code, token) {
  try {
    localStorage.setItem(seatKey(code), token);
  } catch {
    // the seat then only lives as long as this page
  }
}

/** @param {string} code @returns {string | null} */
export function loadSeat(code) {
  try {
    return localStorage.getItem(seatKey(code));
  } catch {
    return null;
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
 * Human text of a time control.
 * @param {{initial_s: number, increment_s: number} | null | undefined} tc
 */
export function describeTimeControl(tc) {
  if (!tc) return t('time.untimed');
  const min = tc.initial_s / 60;
  const initial = Number.isInteger(min) ? t('time.min', { n: min }) : t('time.s', { n: tc.initial_s });
  return tc.increment_s ? t('time.plus', { initial, n: tc.increment_s }) : initial;
}

/** @param {string} rules */
export function describeRules(rules) {
  if (rules === 'wxf-2018') return t('lobby.wxf-2018');
  if (rules === 'casual') return t('lobby.casual');
  return rules;
}

/**
 * The position service (legal moves, check, status, notation) answered in the page by the
 * rules module, as `POST /api/position` answers it; the server only where the module
 * cannot be loaded.
 * @param {{fen: string|null, moves: string[]}} body
 * @returns {Promise<import('./api.js').PositionInfo>}
 * @throws {RequestError} status 422 with the code and problems of a bad FEN or move
 */
export async function positionOf(body) {
  try {
    return await localPosition(body.fen, body.moves);
  } catch (e) {
    if (e instanceof WasmError) throw new RequestError(422, e.code, e.message, e.problems);
    return request('POST', '/api/position', body);
  }
}
