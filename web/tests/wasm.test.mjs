// The committed WebAssembly modules (web/wasm/, scripts/build-wasm), run in Node: the same
// perft counts as the published tables, the same answers as the native server's position
// service on random games, and the engine module's bench signature equal to the native
// engine's. (That they are built from the current sources is crates/wasm/tests/module_current.rs.)
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { WasmModule, WasmError } from '../js/xiangqi-wasm.js';
import { startServer, api, repoRoot, webDir } from './lib/harness.mjs';

/** @param {string} name */
async function load(name) {
  const host = { onInfo: null };
  /** @type {WasmModule|null} */
  let module = null;
  const { instance } = await WebAssembly.instantiate(readFileSync(join(webDir, 'wasm', name)), {
    host: {
      now_ms: () => performance.now(),
      info: (ptr, len) => { if (module && host.onInfo) host.onInfo(module.readText(ptr, len)); },
    },
  });
  module = new WasmModule(instance, host);
  return module;
}

let server;
let rules;
let games;
let engine;
let engineScalar;
before(async () => {
  [server, rules, games, engine, engineScalar] = await Promise.all([
    startServer(), load('rules.wasm'), load('games.wasm'), load('engine.wasm'),
    load('engine-scalar.wasm')]);
});
after(async () => { await server?.stop(); });

/** Deterministic random numbers (mulberry32), so a failure can be replayed. */
function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

test('the three modules come from the same sources', () => {
  const a = rules.call('source_hash');
  assert.match(a, /^[0-9a-f]{64}$/);
  assert.equal(games.call('source_hash'), a);
  assert.equal(engine.call('source_hash'), a);
});

test('game import and export are in the games module only', () => {
  // The rules module of every page leaves them out (its size: docs/browser.md).
  assert.equal(typeof rules.exports.read_game, 'undefined');
  assert.equal(typeof rules.exports.write_game, 'undefined');
  const text = games.call('write_game', { moves: ['h2e2', 'h9g7'], format: 'pgn' }).text;
  assert.deepEqual(games.call('read_game', { text }).moves, ['h2e2', 'h9g7']);
  // It answers positions as the rules module does.
  assert.deepEqual(games.call('position', { moves: ['h2e2'] }), rules.call('position', { moves: ['h2e2'] }));
});

test('perft: the published counts of crates/xiangqi/tests/data/perft.tsv', () => {
  const rows = readFileSync(join(repoRoot, 'crates/xiangqi/tests/data/perft.tsv'), 'utf8')
    .split('\n').filter((l) => l && !l.startsWith('#') && !l.startsWith('fen\t'));
  let checked = 0;
  for (const row of rows) {
    const [fen, depth, nodes] = row.split('\t');
    // Up to two million nodes each: the rest are the native perft tests' job.
    if (Number(nodes) > 2_000_000) continue;
    assert.equal(rules.call('perft', { fen, depth: Number(depth) }).nodes, Number(nodes), `${fen} depth ${depth}`);
    checked++;
  }
  assert.ok(checked >= 10, `only ${checked} rows checked`);
});

test('position: the same replies as the native server on 40 random games', async () => {
  const random = rng(20261201);
  let compared = 0;
  for (let g = 0; g < 40; g++) {
    const moves = [];
    for (let ply = 0; ply < 120; ply++) {
      const local = rules.call('position', { moves });
      if (ply % 7 === 0 || local.legal.length === 0) {
        const native = await api(server.base, 'POST', '/api/position', { moves });
        assert.equal(native.status, 200, native.text);
        assert.deepEqual(local, native.json, `game ${g} after ${moves.join(' ')}`);
        compared++;
      }
      if (local.legal.length === 0) break;
      moves.push(local.legal[Math.floor(random() * local.legal.length)]);
    }
  }
  assert.ok(compared > 300, `${compared} positions compared`);
});

test('position: refusals carry the server\'s code, message and problems', async () => {
  const cases = [
    { fen: '4k4/9/9/9/9/9/9/9/9/4KK3 w - - 0 1', moves: [] },
    { fen: 'not a fen', moves: [] },
    { fen: null, moves: ['h2e2', 'h2e2'] },
    { fen: null, moves: [], rules: 'nonsense' },
  ];
  for (const body of cases) {
    const native = await api(server.base, 'POST', '/api/position', body);
    assert.equal(native.status, 422);
    assert.throws(() => rules.call('position', body), (e) => {
      assert.ok(e instanceof WasmError);
      assert.equal(e.code, native.json.error.code);
      assert.equal(e.message, native.json.error.message);
      assert.deepEqual(e.problems, native.json.error.problems ?? []);
      return true;
    });
  }
});

test('engine: the bench signature is the native engine\'s, with simd128 and without', () => {
  const bin = process.env.XIANGQI_BIN || join(repoRoot, 'target', 'release', 'xiangqi');
  /** @param {string[]} args */
  const nativeNodes = (args) => {
    const out = execFileSync(bin, ['bench', '7', ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    return Number(/(\d+) nodes/.exec(out)?.[1]);
  };
  const nnue = nativeNodes([]);
  const classical = nativeNodes(['--eval', 'classical']);
  assert.notEqual(nnue, classical);
  for (const [name, module, simd] of /** @type {const} */ ([
    ['engine.wasm', engine, true], ['engine-scalar.wasm', engineScalar, false]])) {
    const r = module.call('bench', { depth: 7 });
    assert.equal(r.nodes, nnue, `${name}: the NNUE is the page engine's default evaluation`);
    assert.equal(r.simd128, simd, name);
    const c = module.call('bench', { depth: 7, eval: 'classical' });
    assert.equal(c.nodes, classical, name);
    console.log(`bench depth 7 in ${name}: NNUE ${r.nodes} nodes, ${r.nps} nps (${r.time_ms} ms); `
      + `classical ${c.nodes} nodes, ${c.nps} nps (${c.time_ms} ms)`);
  }
});

test('engine: a search reports its iterations and answers a legal move', () => {
  const infos = [];
  engine.host.onInfo = (text) => infos.push(JSON.parse(text));
  const r = engine.call('search', { moves: ['h2e2'], movetime: 300 });
  engine.host.onInfo = null;
  const legal = rules.call('position', { moves: ['h2e2'] }).legal;
  assert.ok(legal.includes(r.best), r.best);
  assert.ok(infos.length >= 3 && infos.every((i, n) => i.depth === n + 1));
  assert.ok(r.time_ms >= 250 && r.time_ms < 1000, `${r.time_ms} ms for 300 ms`);
});
