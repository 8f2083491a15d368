// @ts-check
/**
 * @file The engine's Web Worker: loads the engine module once and answers the page's messages
 * (engine.js), so a search never freezes the page. The module is engine.wasm, built with
 * WebAssembly's vector instructions (simd128) for the network's loops, or engine-scalar.wasm
 * in a browser without them (scripts/build-wasm): both search alike, node for node.
 *
 * In:  `{id, op: 'search'|'new_game'|'bench'|'book'|'position', request}`.
 * Out: `{id, info}` for each completed iteration of a search, then `{id, result}` or
 *      `{id, error: {code, message, problems}}`. A search runs to its limits; the page
 *      stops one by ending the worker (engine.js starts a fresh one when needed).
 */

import { loadModule, WasmError, hasSimd128 } from './xiangqi-wasm.js';

const ready = loadModule(hasSimd128() ? 'engine.wasm' : 'engine-scalar.wasm');

/** @param {any} msg */
function post(msg) {
  /** @type {any} */ (self).postMessage(msg);
}

self.addEventListener('message', async (ev) => {
  const { id, op, request } = /** @type {MessageEvent<any>} */ (ev).data || {};
  try {
    const module = await ready;
    module.host.onInfo = (text) => post({ id, info: JSON.parse(text) });
    const result = module.call(String(op), request || {});
    post({ id, result });
  } catch (e) {
    const err = e instanceof WasmError
      ? { code: e.code, message: e.message, problems: e.problems }
      : { code: 'engine_failed', message: String(e instanceof Error ? e.message : e), problems: [] };
    post({ id, error: err });
  }
});
