// The translation files (web/i18n/<code>.json, the rules guide's web/i18n/guide/<code>.json
// as the section `guide`, and the puzzle list's and trainer's web/i18n/puzzles/<code>.json with
// the sections `puzzles` and `trainer`), without a browser: every language has
// exactly English's keys, no empty text, the same {placeholders} and the same HTML tags per
// key as English; and every key the pages (data-i18n…) and the modules (t('…')) name exists.
// The classics' texts (web/i18n/classics/<code>.json, English in the PGN files themselves):
// every classic of web/classics/ with its five texts, translated.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { webDir } from './lib/harness.mjs';

const dir = join(webDir, 'i18n');
const CODES = ['en', 'zh-Hans', 'zh-Hant', 'vi'];

/**
 * Flattens nested sections into dotted keys.
 * @param {Record<string, unknown>} obj
 * @param {string} [prefix]
 * @returns {Map<string, unknown>}
 */
function flatten(obj, prefix = '') {
  const out = new Map();
  for (const [k, v] of Object.entries(obj)) {
    if (v && typeof v === 'object' && !Array.isArray(v)) {
      for (const [kk, vv] of flatten(/** @type {Record<string, unknown>} */ (v), `${prefix}${k}.`)) out.set(kk, vv);
    } else {
      out.set(`${prefix}${k}`, v);
    }
  }
  return out;
}

/** @param {string} path */
const read = (path) => JSON.parse(readFileSync(join(dir, path), 'utf8'));
const files = Object.fromEntries(CODES.map((c) => [c, flatten({
  ...read(`${c}.json`), ...read(`puzzles/${c}.json`), guide: read(`guide/${c}.json`),
})]));
const en = files.en;

/** @param {unknown} s */
const placeholders = (s) => [...String(s).matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
/** @param {unknown} s */
const tags = (s) => [...String(s).matchAll(/<\/?([a-z]+)(?:\s[^>]*)?>/g)].map((m) => m[0].replace(/\s+/g, ' ')).sort();

test('the folder holds exactly the four languages', () => {
  assert.deepEqual(readdirSync(dir).sort(), [...CODES.map((c) => `${c}.json`), 'classics', 'guide', 'puzzles'].sort());
  assert.deepEqual(readdirSync(join(dir, 'classics')).sort(), CODES.filter((c) => c !== 'en').map((c) => `${c}.json`).sort());
  for (const part of ['guide', 'puzzles']) {
    assert.deepEqual(readdirSync(join(dir, part)).sort(), CODES.map((c) => `${c}.json`).sort(), part);
  }
  // The puzzle file holds its two sections only, and no section is in two files.
  for (const c of CODES) {
    assert.deepEqual(Object.keys(read(`puzzles/${c}.json`)).sort(), ['puzzles', 'trainer'], c);
    assert.deepEqual(Object.keys(read(`${c}.json`)).filter((k) => ['puzzles', 'trainer', 'guide'].includes(k)), [], c);
  }
  assert.ok(en.size > 400, `English has ${en.size} texts`);
});

for (const code of CODES.filter((c) => c !== 'en')) {
  test(`${code}: the same keys as English, none empty`, () => {
    const keys = files[code];
    assert.deepEqual([...en.keys()].filter((k) => !keys.has(k)), [], 'missing keys');
    assert.deepEqual([...keys.keys()].filter((k) => !en.has(k)), [], 'extra keys');
    for (const [k, v] of keys) {
      assert.equal(typeof v, 'string', `${k} is a string`);
      assert.notEqual(String(v).trim(), '', `${k} is not empty`);
    }
  });

  test(`${code}: the same placeholders and tags as English in every text`, () => {
    for (const [k, v] of files[code]) {
      assert.deepEqual([...new Set(placeholders(v))], [...new Set(placeholders(en.get(k)))], `${k}: placeholders`);
      assert.deepEqual(tags(v), tags(en.get(k)), `${k}: HTML tags`);
    }
  });

  test(`${code}: translated, not English left in`, () => {
    // Texts that are the same in every language: names, codes and punctuation.
    const words = (/** @type {unknown} */ v) => /[a-z]{3}/i.test(String(v).replace(/\{\w+\}/g, ''));
    const same = [...files[code]].filter(([k, v]) => v === en.get(k) && words(v));
    const allowed = new Set(['lobby.wxf-2018', 'guide.wxf', 'guide.fen']);
    assert.deepEqual(same.map(([k]) => k).filter((k) => !allowed.has(k)), [], 'texts still in English');
  });
}

test('every English text is non-empty', () => {
  for (const [k, v] of en) assert.ok(typeof v === 'string' && v.trim() !== '', k);
});

test('every key named by a page or a module exists', () => {
  const missing = [];
  const sections = new Set([...en.keys()].map((k) => k.split('.')[0]));
  const partials = readdirSync(join(webDir, 'partials')).map((n) => `partials/${n}`);
  for (const f of [...readdirSync(webDir).filter((n) => n.endsWith('.html')), ...partials]) {
    const html = readFileSync(join(webDir, f), 'utf8');
    for (const m of html.matchAll(/data-i18n(?:-html)?="([^"]+)"/g)) if (!en.has(m[1])) missing.push(`${f}: ${m[1]}`);
    for (const m of html.matchAll(/data-i18n-attr="([^"]+)"/g)) {
      for (const pair of m[1].split(';')) {
        const key = pair.split(':')[1];
        // A part's `{1}` is filled by its marker, whose argument is checked below.
        if (!en.has(key) && !/^\{\d\}$/.test(key)) missing.push(`${f}: ${pair}`);
      }
    }
    // A marker's argument that names a key (`<!--#game-layout common.game Game-->`).
    for (const m of html.matchAll(/<!--#[a-z-]+ ([^>]*)-->/g)) {
      for (const arg of m[1].trim().split(/\s+/)) {
        if (/^[a-z0-9-]+\.[A-Za-z0-9_.-]+$/.test(arg) && sections.has(arg.split('.')[0]) && !en.has(arg)) {
          missing.push(`${f}: marker argument ${arg}`);
        }
      }
    }
  }
  const jsDir = join(webDir, 'js');
  for (const f of readdirSync(jsDir).filter((n) => n.endsWith('.js'))) {
    const js = readFileSync(join(jsDir, f), 'utf8');
    for (const m of js.matchAll(/'([a-z0-9-]+)\.([A-Za-z0-9_.-]+)'/g)) {
      if (sections.has(m[1]) && !en.has(`${m[1]}.${m[2]}`)) missing.push(`js/${f}: ${m[1]}.${m[2]}`);
    }
  }
  assert.deepEqual(missing, []);
});

test('every page loads the language module and marks its texts', () => {
  // The module is loaded by the shared head (web/partials/head.html) that the server splices
  // in at each page's <!--#head--> marker, its first line (crates/server/src/assets/codec.rs).
  const head = readFileSync(join(webDir, 'partials', 'head.html'), 'utf8');
  assert.match(head, /<script type="module" src="\/assets\/js\/i18n\.js"><\/script>/);
  for (const f of readdirSync(webDir).filter((n) => n.endsWith('.html'))) {
    const html = readFileSync(join(webDir, f), 'utf8');
    assert.match(html, /^<!--#head-->\n/, f);
    assert.match(html, /<title data-i18n="/, `${f}: its title is translated`);
  }
});

/** The classics' English texts, from the tags of web/classics/*.pgn, by id. */
function englishClassics() {
  const folder = join(webDir, 'classics');
  /** @type {Record<string, Record<string, string>>} */
  const out = {};
  for (const f of readdirSync(folder).filter((n) => n.endsWith('.pgn'))) {
    const text = readFileSync(join(folder, f), 'utf8');
    const tag = (/** @type {string} */ name) => new RegExp(`^\\[${name} "((?:[^"\\\\]|\\\\.)*)"\\]$`, 'm').exec(text)?.[1] ?? '';
    out[f.replace(/^\d+-/, '').replace(/\.pgn$/, '')] = {
      title: tag('Title'), event: tag('Event'), red: tag('Red'), black: tag('Black'), description: tag('Description'),
    };
  }
  return out;
}

for (const code of CODES.filter((c) => c !== 'en')) {
  test(`${code}: every classic's title, event, players and description, translated`, () => {
    const english = englishClassics();
    const texts = read(`classics/${code}.json`);
    assert.deepEqual(Object.keys(texts).sort(), Object.keys(english).sort());
    for (const [id, en] of Object.entries(english)) {
      assert.deepEqual(Object.keys(texts[id]).sort(), Object.keys(en).sort(), id);
      for (const [key, v] of Object.entries(texts[id])) {
        assert.ok(typeof v === 'string' && v.trim() !== '', `${id}.${key} is not empty`);
        // A PGN "?" (a manual's unknown players) stays "?"; every other text is translated.
        if (en[key] === '?') assert.equal(v, '?', `${id}.${key}`);
        else assert.notEqual(v, en[key], `${id}.${key} is translated`);
      }
    }
  });
}
