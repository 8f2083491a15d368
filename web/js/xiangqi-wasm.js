// @ts-check
/**
 * @file The typed wrapper of the WebAssembly modules built from crates/wasm
 * (scripts/build-wasm): `rules.wasm` (legal moves, check, status, notation, FEN problems,
 * game import and export, perft) for every page, and `engine.wasm` or `engine-scalar.wasm` (the
 * same and the search, with and without simd128) for the
 * engine's Web Worker (engine-worker.js). Each call sends a JSON request and gets the JSON
 * the server would answer (docs/protocol.md); a refusal throws `WasmError` with the
 * server's code. No rule is computed here: the modules hold the rules library itself.
 */

/** A request the module refused, with the server's error code. */
export class WasmError extends Error {
  /**
   * @param {string} code `invalid_fen`, `illegal_move`, `invalid_field`, `invalid_game`, `bad_request`
   * @param {string} message
   * @param {string[]} [problems] each problem of an invalid FEN
   */
  constructor(code, message, problems = []) {
    super(message);
    this.name = 'WasmError';
    this.code = code;
    this.problems = problems;
  }
}

/**
 * @typedef {object} WasmExports
 * @property {WebAssembly.Memory} memory
 * @property {(len: number) => number} input_buffer
 * @property {() => number} output_ptr
 * @property {Record<string, (() => number) | undefined>} ops
 */

/** One instance of a module: JSON requests in, JSON replies out. */
export class WasmModule {
  /**
   * @param {WebAssembly.Instance} instance
   * @param {{onInfo: ((text: string) => void) | null}} host where a search's reports go
   */
  constructor(instance, host) {
    this.exports = /** @type {any} */ (instance.exports);
    this.host = host;
  }

  /**
   * Runs `op` on `request` and returns the parsed reply.
   * @param {string} op an export of the module: position, read_game, write_game, perft, search, new_game, bench, book, source_hash
   * @param {unknown} [request]
   * @returns {any}
   * @throws {WasmError} when the module refuses the request
   */
  call(op, request = {}) {
    const fn = this.exports[op];
    if (typeof fn !== 'function') throw new WasmError('bad_request', `the module has no ${op}`);
    const bytes = new TextEncoder().encode(JSON.stringify(request));
    const ptr = this.exports.input_buffer(bytes.length);
    new Uint8Array(this.exports.memory.buffer, ptr, bytes.length).set(bytes);
    const len = fn();
    // The call may have grown memory: take a fresh view of it.
    const text = new TextDecoder().decode(new Uint8Array(this.exports.memory.buffer, this.exports.output_ptr(), len));
    if (op === 'source_hash') return text;
    const reply = JSON.parse(text);
    if (reply && typeof reply === 'object' && reply.error && typeof reply.error === 'object') {
      const e = reply.error;
      throw new WasmError(String(e.code), String(e.message), Array.isArray(e.problems) ? e.problems.map(String) : []);
    }
    return reply;
  }

  /** @param {number} ptr @param {number} len */
  readText(ptr, len) {
    return new TextDecoder().decode(new Uint8Array(this.exports.memory.buffer, ptr, len));
  }
}

/**
 * The smallest module that uses a vector instruction: one function returning
 * `i8x16.splat(i32.const 0)`. It validates only where the browser has WebAssembly's simd128.
 */
const SIMD128_PROBE = new Uint8Array([
  0, 97, 115, 109, 1, 0, 0, 0, // "\0asm", version 1
  1, 5, 1, 96, 0, 1, 123, // types: () -> v128
  3, 2, 1, 0, // functions: one of type 0
  10, 8, 1, 6, 0, 65, 0, 253, 15, 11, // code: no locals; i32.const 0; i8x16.splat; end
]);

/**
 * Whether this browser runs WebAssembly's vector instructions (simd128): Chrome 91, Firefox
 * 89, Safari 16.4 and later do.
 * @returns {boolean}
 */
export function hasSimd128() {
  try {
    return WebAssembly.validate(SIMD128_PROBE);
  } catch {
    return false;
  }
}

/**
 * Fetches, compiles and instantiates a module; `name` is `rules.wasm`, `games.wasm`,
 * `engine.wasm` or `engine-scalar.wasm`
 * (found next to this script's folder, under the same versioned path).
 * @param {string} name
 * @returns {Promise<WasmModule>}
 */
export async function loadModule(name) {
  const url = new URL(`../wasm/${name}`, import.meta.url);
  /** @type {{onInfo: ((text: string) => void) | null}} */
  const host = { onInfo: null };
  /** @type {WasmModule | null} */
  let module = null;
  const imports = {
    host: {
      now_ms: () => performance.now(),
      /** @param {number} ptr @param {number} len */
      info: (ptr, len) => {
        if (module && host.onInfo) host.onInfo(module.readText(ptr, len));
      },
    },
  };
  const res = await fetch(url);
  if (!res.ok) throw new Error(`${name}: ${res.status}`);
  /** @type {WebAssembly.Instance} */
  let instance;
  if (typeof WebAssembly.instantiateStreaming === 'function' && res.headers.get('content-type') === 'application/wasm') {
    ({ instance } = await WebAssembly.instantiateStreaming(res, imports));
  } else {
    ({ instance } = await WebAssembly.instantiate(await res.arrayBuffer(), imports));
  }
  module = new WasmModule(instance, host);
  return module;
}

/** @type {Map<string, Promise<WasmModule>>} */
const loaded = new Map();

/**
 * Loads `name` once per page (a failed load is retried on the next call).
 * @param {string} name
 * @returns {Promise<WasmModule>}
 */
function once(name) {
  let m = loaded.get(name);
  if (!m) {
    m = loadModule(name);
    loaded.set(name, m);
    m.catch(() => { loaded.delete(name); });
  }
  return m;
}

/**
 * The rules module (position service, perft), loaded once per page.
 * @returns {Promise<WasmModule>}
 */
export function rules() {
  return once('rules.wasm');
}

/**
 * The games module (the rules and game import and export), loaded once per page on the first
 * import or export, so that pages which never do either do not fetch it.
 * @returns {Promise<WasmModule>}
 */
export function games() {
  return once('games.wasm');
}

/**
 * The position service in the page: legal moves, check, status and notation of the game
 * `moves` (ICCS) from `fen` (null: the start position), as `POST /api/position` answers.
 * @param {string|null} fen
 * @param {string[]} moves
 * @param {string} [ruleSet] `wxf-2018` (default) or `casual`
 * @returns {Promise<import('./api.js').PositionInfo>}
 * @throws {WasmError} for a bad FEN or an illegal move
 */
export async function localPosition(fen, moves, ruleSet) {
  const m = await rules();
  return m.call('position', ruleSet ? { fen, moves, rules: ruleSet } : { fen, moves });
}

/**
 * @typedef {object} ReadGame
 * @property {'fen'|'pgn'|'dhtmlxq'|'xqf'} format what was read (`pgn` also for a bare move list)
 * @property {string} fen the start position
 * @property {string[]} moves ICCS
 * @property {[string, string][]} tags the game's tags as PGN names, in order
 */

/**
 * Reads a pasted FEN, move list (ICCS, WXF or Chinese), PGN game or DhtmlXQ/UBB text.
 * @param {string} text
 * @returns {Promise<ReadGame>}
 * @throws {WasmError} `invalid_game` naming the problem
 */
export async function readGame(text) {
  const m = await games();
  return m.call('read_game', { text });
}

/**
 * Reads an XQF file (XQStudio's binary format, plain or encrypted). Header fields that are
 * not UTF-8 come back as bytes and are decoded here as GBK, the encoding of most XQF files.
 * @param {Uint8Array} bytes
 * @returns {Promise<ReadGame>}
 * @throws {WasmError} `invalid_game` naming the problem (e.g. a truncated header)
 */
export async function readXqf(bytes) {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  const m = await games();
  const r = m.call('read_game', { xqf: btoa(binary) });
  const gbk = new TextDecoder('gbk');
  for (const [tag, raw] of /** @type {[string, number[]][]} */ (r.undecoded ?? [])) {
    r.tags.push([tag, gbk.decode(new Uint8Array(raw))]);
  }
  delete r.undecoded;
  return r;
}

/**
 * Writes a game as PGN (moves in WXF) or as a DhtmlXQ block.
 * @param {{fen: string|null, moves: string[], format: 'pgn'|'dhtmlxq', tags?: [string, string][],
 *   result?: string, rules?: string}} g `result` (`1-0`, `0-1`, `1/2-1/2`) ends a game the moves leave open
 * @returns {Promise<string>}
 * @throws {WasmError} for a bad FEN or an illegal move
 */
export async function writeGame(g) {
  const m = await games();
  /** @type {Record<string, unknown>} */
  const req = { moves: g.moves, format: g.format, tags: g.tags ?? [] };
  if (g.fen) req.fen = g.fen;
  if (g.result) req.result = g.result;
  if (g.rules) req.rules = g.rules;
  return m.call('write_game', req).text;
}
