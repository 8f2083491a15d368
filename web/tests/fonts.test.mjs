// The embedded fonts (web/fonts/, made by scripts/build-font). "Xiangqi Glyphs" holds every
// Chinese character of the board and the notation (the English pages, the built-in classics
// of web/classics/ too), is served as font/woff2, and draws the pieces, the river and Chinese
// move notation in a Chromium whose fontconfig offers no CJK font at all. "Xiangqi UI SC" and
// "Xiangqi UI TC" hold exactly the characters of the Chinese language files, and draw every
// Chinese character of a page in 简体中文 or 繁體中文 in that same Chromium.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import {
  startServer, launchBrowser, newPage, assertNoErrors, screenshot, screenshotOf, boardReady,
  playByClicks, webDir, repoRoot,
} from './lib/harness.mjs';

const FAMILY = 'Xiangqi Glyphs';
const FACES = ['xiangqi-glyphs-board.woff2', 'xiangqi-glyphs-regular.woff2', 'xiangqi-glyphs-bold.woff2'];
/** The Chinese interface's faces: [language, family, the interface's face, the rest's face]. */
const UI_FACES = /** @type {const} */ ([
  ['zh-Hans', 'Xiangqi UI SC', 'xiangqi-ui-sc.woff2', 'xiangqi-ui-sc-more.woff2'],
  ['zh-Hant', 'Xiangqi UI TC', 'xiangqi-ui-tc.woff2', 'xiangqi-ui-tc-more.woff2'],
]);
/** The characters the interface faces hold: CJK radicals and everything above (as the script). */
const UI_CJK = /[\u2e80-\uffff]/gu;
/** CJK ideographs, their punctuation (the ideographic space) and full-width forms. */
const CJK = /[\u3000-\u303f\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff00-\uffef]/gu;
/** Only DejaVu Sans, when the machine has it: no font with a single CJK character. */
const DEJAVU = '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf';

/**
 * Returns the code points a WOFF2 font maps to a glyph (its cmap, format 4 or 12).
 * @param {Buffer} file
 * @returns {Set<number>}
 */
function woff2CodePoints(file) {
  assert.equal(file.toString('latin1', 0, 4), 'wOF2', 'a WOFF2 file');
  const numTables = file.readUInt16BE(12);
  const compressedSize = file.readUInt32BE(20);
  let pos = 48;
  const base128 = () => {
    let value = 0;
    for (let i = 0; i < 5; i++) {
      const b = file[pos++];
      value = value * 128 + (b & 0x7f);
      if (!(b & 0x80)) return value;
    }
    throw new Error('bad UIntBase128');
  };
  /** @type {{tag: string, length: number}[]} */
  const tables = [];
  for (let t = 0; t < numTables; t++) {
    const flags = file[pos++];
    const known = flags & 0x3f;
    let tag = ['cmap', 'head', 'hhea', 'hmtx', 'maxp', 'name', 'OS/2', 'post', 'cvt ', 'fpgm', 'glyf', 'loca'][known] ?? `#${known}`;
    if (known === 63) { tag = file.toString('latin1', pos, pos + 4); pos += 4; }
    const origLength = base128();
    const version = flags >> 6;
    const transformed = tag === 'glyf' || tag === 'loca' ? version === 0 : version !== 0;
    tables.push({ tag, length: transformed ? base128() : origLength });
  }
  const data = brotliDecompressSync(file.subarray(pos, pos + compressedSize));
  let offset = 0;
  let cmap = null;
  for (const t of tables) {
    if (t.tag === 'cmap') cmap = data.subarray(offset, offset + t.length);
    offset += t.length;
  }
  assert.ok(cmap, 'the font has a cmap');
  const subtables = [];
  for (let i = 0; i < cmap.readUInt16BE(2); i++) {
    const at = 4 + 8 * i;
    subtables.push({ platform: cmap.readUInt16BE(at), encoding: cmap.readUInt16BE(at + 2), offset: cmap.readUInt32BE(at + 4) });
  }
  const points = new Set();
  const unicode = subtables.filter((s) => s.platform === 0 || (s.platform === 3 && (s.encoding === 1 || s.encoding === 10)));
  for (const { offset: o } of unicode) {
    const format = cmap.readUInt16BE(o);
    if (format === 12) {
      const groups = cmap.readUInt32BE(o + 12);
      for (let g = 0; g < groups; g++) {
        const at = o + 16 + 12 * g;
        for (let c = cmap.readUInt32BE(at); c <= cmap.readUInt32BE(at + 4); c++) points.add(c);
      }
    } else if (format === 4) {
      const segX2 = cmap.readUInt16BE(o + 6);
      const ends = o + 14;
      const starts = ends + segX2 + 2;
      const deltas = starts + segX2;
      const ranges = deltas + segX2;
      for (let s = 0; s < segX2; s += 2) {
        const start = cmap.readUInt16BE(starts + s);
        const end = cmap.readUInt16BE(ends + s);
        const delta = cmap.readUInt16BE(deltas + s);
        const range = cmap.readUInt16BE(ranges + s);
        for (let c = start; c <= end && c !== 0xffff; c++) {
          const glyph = range === 0
            ? (c + delta) & 0xffff
            : cmap.readUInt16BE(ranges + s + range + 2 * (c - start));
          if (glyph !== 0) points.add(c);
        }
      }
    }
  }
  return points;
}

/** Every file under `dir` whose name ends with one of `exts`, skipping `skip` folders. */
function filesUnder(dir, exts, skip) {
  /** @type {string[]} */
  const out = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, e.name);
    if (e.isDirectory()) {
      if (!skip.includes(e.name)) out.push(...filesUnder(path, exts, skip));
    } else if (exts.some((x) => e.name.endsWith(x))) {
      out.push(path);
    }
  }
  return out;
}

// Only the board's and the notation's characters: the pages as written (their pieces, river
// and the examples of the rules guide), the scripts, the classics and the notation writer.
// The translations of the interface (web/i18n/*.json) and the language switch's names for
// the languages (js/i18n.js) are not drawn with this font but with the interface faces (the
// next test), after the reader's system CJK font where there is one (docs/browser.md).
test('the font holds every Chinese character of the board and of Chinese notation', () => {
  /** @type {Map<string, string>} character → first file using it */
  const used = new Map();
  const note = (text, file) => {
    for (const c of text.match(CJK) ?? []) if (!used.has(c)) used.set(c, relative(repoRoot, file));
  };
  const interfaceText = ['i18n.js'];
  for (const f of filesUnder(webDir, ['.html', '.js', '.css', '.pgn'], ['node_modules', 'tests', 'test-artifacts', 'i18n'])) {
    if (interfaceText.some((n) => f.endsWith(`/js/${n}`))) continue;
    note(readFileSync(f, 'utf8'), f);
  }
  // The notation writer and reader, without its unit tests (which try out wrong characters).
  const chinese = join(repoRoot, 'crates', 'xiangqi', 'src', 'chinese.rs');
  note(readFileSync(chinese, 'utf8').split('#[cfg(test)]')[0], chinese);
  for (const c of '帥將帅将炮砲一九１９进退平前后中楚河漢界') assert.ok(used.has(c), `${c} found in the sources`);
  const points = Object.fromEntries(FACES.map((face) => [face, woff2CodePoints(readFileSync(join(webDir, 'fonts', face)))]));
  const lacking = (/** @type {(c: number) => boolean} */ has) => [...used]
    .filter(([c]) => !has(c.codePointAt(0) ?? 0)).map(([c, f]) => `${c} (${f})`);
  const [board, regular, bold] = FACES.map((f) => points[f]);
  assert.deepEqual(lacking((c) => regular.has(c)), [], 'the regular face lacks characters: add them to scripts/build-font');
  assert.deepEqual(lacking((c) => bold.has(c) || board.has(c)), [], 'the bold faces lack characters: add them to scripts/build-font');
  for (const c of '帥將炮砲楚河漢界中文') assert.ok(board.has(c.codePointAt(0) ?? 0), `${c} in the board face`);
  assert.deepEqual([...board].filter((c) => bold.has(c)), [], 'the bold faces do not overlap');
});

/**
 * The code points of a CSS unicode-range (`U+4E00, U+5C06-5C07`).
 * @param {string} range
 */
function rangePoints(range) {
  const points = new Set();
  for (const part of range.split(',')) {
    const m = /^\s*U\+([0-9A-F]+)(?:-([0-9A-F]+))?\s*$/i.exec(part);
    assert.ok(m, `unicode-range part ${part}`);
    for (let c = parseInt(m[1], 16); c <= parseInt(m[2] ?? m[1], 16); c++) points.add(c);
  }
  return points;
}

test('the interface faces hold exactly the characters of the Chinese language files', () => {
  const cjkOf = (/** @type {string[]} */ files) => new Set(files.flatMap((f) => readFileSync(f, 'utf8').match(UI_CJK) ?? []));
  const i18n = join(webDir, 'i18n');
  const parts = readdirSync(i18n, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name);
  // The language switch names both Chinese languages in themselves, on each Chinese page.
  const names = new Set('简体中文繁體中文');
  for (const [lang, , main, more] of UI_FACES) {
    const interfaceChars = new Set([...cjkOf([join(i18n, `${lang}.json`)]), ...names]);
    const partFiles = parts.map((d) => join(i18n, d, `${lang}.json`)).filter((f) => existsSync(f));
    assert.ok(partFiles.length >= 3, `${lang}: the guide, the classics and the puzzles`);
    const rest = [...cjkOf(partFiles)].filter((c) => !interfaceChars.has(c));
    const has = (/** @type {string} */ face) => [...woff2CodePoints(readFileSync(join(webDir, 'fonts', face)))]
      .map((c) => String.fromCodePoint(c)).sort();
    assert.deepEqual(has(main), [...interfaceChars].sort(), `${main}: run scripts/build-font`);
    assert.deepEqual(has(more), rest.sort(), `${more}: run scripts/build-font`);
    assert.ok(interfaceChars.size > 400 && rest.length > 200, `${lang}: ${interfaceChars.size} + ${rest.length} characters`);
  }
});

test('each face is declared for exactly the characters it has', () => {
  const facesOf = (/** @type {string} */ file) => [...readFileSync(join(webDir, 'css', file), 'utf8')
    .matchAll(/@font-face\s*{([^}]*)}/g)].map((m) => m[1]);
  // The interface's faces are declared only in the stylesheet a Chinese page adds.
  const [siteFaces, zhFaces] = [facesOf('site.css'), facesOf('fonts-zh.css')];
  const faces = [...zhFaces, ...siteFaces];
  const uiFaces = UI_FACES.flatMap(([, , main, more]) => [main, more]);
  assert.equal(siteFaces.length, FACES.length);
  assert.equal(zhFaces.length, uiFaces.length);
  for (const face of [...FACES, ...uiFaces]) {
    const rule = faces.find((f) => f.includes(`/${face}"`));
    assert.ok(rule, `an @font-face for ${face}`);
    const range = /unicode-range:\s*([^;]*);/.exec(rule)?.[1] ?? '';
    const declared = [...rangePoints(range)].sort((a, b) => a - b);
    const has = [...woff2CodePoints(readFileSync(join(webDir, 'fonts', face)))].filter((c) => c >= 0x3000).sort((a, b) => a - b);
    assert.deepEqual(declared, has, `${face}: the unicode-range scripts/build-font printed`);
  }
  // The board face is defined last, so that it wins over the bold face where both could draw.
  assert.ok(faces.at(-1)?.includes('/xiangqi-glyphs-board.woff2"'));
  for (const [, family, main, more] of UI_FACES) {
    for (const face of [main, more]) {
      assert.match(zhFaces.find((f) => f.includes(`/${face}"`)) ?? '', new RegExp(`font-family: "${family}";`), face);
    }
  }
});

test('the site icon needs no font, and every page uses it', () => {
  const icon = readFileSync(join(webDir, 'icons', 'icon.svg'), 'utf8');
  assert.doesNotMatch(icon, /<text/, 'the icon draws its character as a path');
  assert.match(icon, /<path fill="#8b2e1f" transform="[^"]+" d="M[^"]{200,}"/);
  // Every page takes it from the shared head (web/partials/head.html, spliced in by the
  // server at the page's <!--#head--> marker).
  const head = readFileSync(join(webDir, 'partials', 'head.html'), 'utf8');
  assert.match(head, /<link rel="icon" href="\/assets\/icons\/icon\.svg" type="image\/svg\+xml">/);
  for (const page of readdirSync(webDir).filter((f) => f.endsWith('.html'))) {
    assert.match(readFileSync(join(webDir, page), 'utf8'), /<!--#head-->/, page);
  }
});

/** A fontconfig configuration whose only font folder holds DejaVu Sans (or nothing). */
function fontconfigWithoutCjk() {
  const dir = mkdtempSync(join(tmpdir(), 'xiangqi-fonts-'));
  const fonts = join(dir, 'fonts');
  mkdirSync(fonts);
  if (existsSync(DEJAVU)) copyFileSync(DEJAVU, join(fonts, 'DejaVuSans.ttf'));
  const file = join(dir, 'fonts.conf');
  writeFileSync(file, `<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
<fontconfig>
  <dir>${fonts}</dir>
  <cachedir>${join(dir, 'cache')}</cachedir>
</fontconfig>
`);
  return { dir, file };
}

/**
 * The fonts Chromium drew the text of the `index`th element matching `selector` with
 * (DevTools' CSS.getPlatformFontsForNode): `[{familyName, isCustomFont, glyphCount}]`.
 * @param {import('playwright-core').Page} page
 * @param {string} selector
 * @param {number} [index]
 */
async function fontsDrawing(page, selector, index = 0) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('DOM.enable');
  await cdp.send('CSS.enable');
  const { root } = await cdp.send('DOM.getDocument', { depth: -1 });
  const { nodeIds } = await cdp.send('DOM.querySelectorAll', { nodeId: root.nodeId, selector });
  const nodeId = nodeIds[index];
  assert.ok(nodeId, `element ${index} of ${selector}`);
  const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
  await cdp.detach();
  return fonts;
}

let server;
let browser;
let conf;
before(async () => {
  conf = fontconfigWithoutCjk();
  [server, browser] = await Promise.all([startServer(), launchBrowser({ env: { FONTCONFIG_FILE: conf.file } })]);
});
after(async () => {
  await browser?.close().catch(() => {});
  await server?.stop();
  if (conf) rmSync(conf.dir, { recursive: true, force: true });
});

test('the test browser sees no system font with Chinese characters', (t) => {
  let listed;
  try {
    listed = execFileSync('fc-list', [':lang=zh', 'family'], { env: { ...process.env, FONTCONFIG_FILE: conf.file }, encoding: 'utf8' });
  } catch {
    t.skip('fc-list is not installed');
    return;
  }
  assert.equal(listed.trim(), '', 'fontconfig offers no Chinese font');
});

test('every face is served as font/woff2', async () => {
  for (const face of [...FACES, ...UI_FACES.flatMap(([, , main, more]) => [main, more])]) {
    const res = await fetch(`${server.base}/assets/fonts/${face}`);
    assert.equal(res.status, 200, face);
    assert.equal(res.headers.get('content-type'), 'font/woff2', face);
    const body = Buffer.from(await res.arrayBuffer());
    assert.ok(body.equals(readFileSync(join(webDir, 'fonts', face))), `${face} is the committed file`);
  }
});

test('/local draws pieces, river and Chinese notation with the embedded font', async () => {
  const page = await newPage(browser);
  await page.goto(`${server.base}/local`);
  await boardReady(page);
  await page.evaluate(() => document.fonts.ready);
  const state = await page.evaluate((family) => {
    const faces = [...document.fonts].filter((f) => f.family.replace(/"/g, '') === family);
    const glyph = /** @type {Element} */ (document.querySelector('[data-piece] text'));
    const fetched = performance.getEntriesByType('resource').map((e) => e.name).filter((n) => n.endsWith('.woff2'));
    const font = performance.getEntriesByType('resource').find((e) => e.name.endsWith('/xiangqi-glyphs-board.woff2'));
    return {
      fetched: fetched.map((n) => n.replace(/^.*\//, '')),
      checked: document.fonts.check(`700 30px "${family}"`, '帥將'),
      loaded: faces.filter((f) => f.status === 'loaded').length,
      glyphFamily: getComputedStyle(glyph).fontFamily,
      riverFamily: getComputedStyle(/** @type {Element} */ (document.querySelector('.xq-board .river'))).fontFamily,
      initiator: /** @type {PerformanceResourceTiming|undefined} */ (font)?.initiatorType,
    };
  }, FAMILY);
  assert.equal(state.checked, true, 'document.fonts.check: the glyphs are ready');
  assert.equal(state.loaded, 1, 'one face has loaded');
  assert.deepEqual(state.fetched, ['xiangqi-glyphs-board.woff2'], 'the board face is all the board needs');
  assert.ok(state.glyphFamily.startsWith(`"${FAMILY}"`), `piece font-family ${state.glyphFamily}`);
  assert.ok(state.riverFamily.startsWith(`"${FAMILY}"`), `river font-family ${state.riverFamily}`);
  assert.equal(state.initiator, 'link', 'the board face is preloaded by the page');
  // What Chromium really drew them with: the web font, not a system font.
  for (const selector of ['[data-square="e0"] [data-piece] text', '[data-square="e9"] [data-piece] text', '.xq-board .river']) {
    const fonts = await fontsDrawing(page, selector);
    assert.deepEqual(fonts.map((f) => [f.familyName, f.isCustomFont]), [[FAMILY, true]], `${selector}: ${JSON.stringify(fonts)}`);
  }
  await screenshotOf(page.locator('.xq-board').first(), 'fonts-local-board');

  // Chinese notation in the move list (regular face), after 炮二平五 马８进７.
  await playByClicks(page, 'h2e2');
  await playByClicks(page, 'h9g7');
  await page.locator('#moves [data-n="chinese"]').click();
  await page.locator('#moves .ml-move', { hasText: '马８进７' }).waitFor();
  const moves = await page.locator('#moves .ml-move').allTextContents();
  assert.deepEqual(moves.map((m) => m.trim()), ['炮二平五', '马８进７']);
  for (const n of [0, 1]) {
    const fonts = await fontsDrawing(page, '#moves .ml-move', n);
    assert.deepEqual(fonts.map((f) => [f.familyName, f.isCustomFont]), [[FAMILY, true]], `${moves[n]}: ${JSON.stringify(fonts)}`);
  }
  await screenshot(page, 'fonts-local');
  assertNoErrors(page);
});

test('without the embedded font the same browser has nothing to draw pieces with', async () => {
  // The control: the font's requests fail, so the system's fonts (DejaVu Sans at most) draw.
  const page = await newPage(browser);
  await page.route('**/fonts/*.woff2', (route) => route.abort());
  await page.goto(`${server.base}/local`);
  await boardReady(page);
  await page.evaluate(() => document.fonts.ready);
  const fonts = await fontsDrawing(page, '[data-square="e0"] [data-piece] text');
  assert.ok(fonts.every((f) => f.familyName !== FAMILY && !f.isCustomFont), JSON.stringify(fonts));
  await screenshotOf(page.locator('.xq-board').first(), 'fonts-local-board-without-font');
});

/**
 * Waits until the fonts the page's text asks for have loaded: a frame after the page has put
 * in its texts (a face is requested when text needing it is laid out), then fonts.ready.
 * @param {import('playwright-core').Page} page
 */
async function settledFonts(page) {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await page.evaluate(() => document.fonts.ready);
}

/**
 * Every visible element of the page whose own text has Chinese characters, with how many of
 * them there are and how many glyphs the embedded fonts drew there (CSS.getPlatformFontsForNode
 * counts the glyphs each font drew of the element's own text nodes). A character none of the
 * page's fonts has is drawn by a system font, here DejaVu Sans's empty box, and is missing
 * from the embedded count. A page still filling itself in (/replay's status line replaces
 * "Loading…" when the rules module arrives) can swap a marked element between the marking and
 * the reading, so both are taken again, a few times, until every marked element was read.
 * @param {import('playwright-core').Page} page
 */
async function chineseTextDrawing(page) {
  for (let attempt = 1; ; attempt++) {
    const { count, drawn } = await markAndReadChineseText(page);
    if (drawn.length === count || attempt === 5) {
      assert.equal(drawn.length, count, 'every marked element was read');
      return drawn;
    }
    await page.waitForTimeout(200);
  }
}

/**
 * Marks each visible element with Chinese characters in its own text (`data-cjk="i:chars"`,
 * earlier marks removed) and reads, through the DevTools protocol, the fonts that drew each
 * marked element found: `{count, drawn}`, the number marked and what was read.
 * @param {import('playwright-core').Page} page
 */
async function markAndReadChineseText(page) {
  const count = await page.evaluate((pattern) => {
    const cjk = new RegExp(pattern, 'gu');
    for (const el of document.querySelectorAll('[data-cjk]')) el.removeAttribute('data-cjk');
    let n = 0;
    for (const el of document.body.querySelectorAll('*')) {
      if (el.closest('select, svg, script, style, template') || !el.checkVisibility()) continue;
      const own = [...el.childNodes].filter((c) => c.nodeType === Node.TEXT_NODE).map((c) => c.textContent).join('');
      const chars = own.match(cjk)?.length ?? 0;
      if (chars) el.setAttribute('data-cjk', `${n++}:${chars}`);
    }
    return n;
  }, UI_CJK.source);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('DOM.enable');
  await cdp.send('CSS.enable');
  const { root } = await cdp.send('DOM.getDocument', { depth: -1 });
  const { nodeIds } = await cdp.send('DOM.querySelectorAll', { nodeId: root.nodeId, selector: '[data-cjk]' });
  const drawn = [];
  for (const nodeId of nodeIds) {
    const { attributes } = await cdp.send('DOM.getAttributes', { nodeId });
    const [, chars] = attributes[attributes.indexOf('data-cjk') + 1].split(':').map(Number);
    const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
    const { outerHTML } = await cdp.send('DOM.getOuterHTML', { nodeId });
    const embedded = fonts.filter((f) => f.isCustomFont).reduce((sum, f) => sum + f.glyphCount, 0);
    drawn.push({ chars, embedded, fonts: fonts.map((f) => f.familyName), html: outerHTML.slice(0, 120) });
  }
  await cdp.detach();
  return { count, drawn };
}

for (const [lang, family, main] of UI_FACES) {
  const locale = lang === 'zh-Hans' ? 'zh-CN' : 'zh-TW';
  for (const path of ['/', '/rules', '/replay']) {
    test(`${path} in ${lang} draws every Chinese character with an embedded font`, async () => {
      const page = await newPage(browser, { locale });
      await page.goto(`${server.base}${path}`);
      await page.waitForSelector(`html[data-lang="${lang}"]`);
      await settledFonts(page);
      await screenshot(page, `fonts-${lang}${path.replace(/\//g, '-')}`);
      const drawn = await chineseTextDrawing(page);
      assert.ok(drawn.reduce((sum, d) => sum + d.chars, 0) > 100, 'the page shows Chinese text');
      const boxes = drawn.filter((d) => d.embedded < d.chars);
      assert.deepEqual(boxes, [], 'characters drawn by a system font (empty boxes)');
      assert.ok(drawn.some((d) => d.fonts.includes(family)), `${family} draws the interface`);
      const fetched = await page.evaluate(() => performance.getEntriesByType('resource')
        .map((e) => e.name.replace(/^.*\//, '')).filter((n) => n.endsWith('.woff2')));
      assert.ok(fetched.includes(main), `${main} fetched: ${fetched}`);
      assert.ok(fetched.every((f) => !f.startsWith('xiangqi-ui-') || f.startsWith(main.replace('.woff2', ''))), `only ${lang}'s faces: ${fetched}`);
      assertNoErrors(page);
    });
  }
}

test('without the interface faces the same browser draws Chinese text as empty boxes', async () => {
  // The control: the interface faces' requests fail, so the page's Chinese falls to DejaVu Sans.
  const page = await newPage(browser, { locale: 'zh-CN' });
  await page.route('**/fonts/xiangqi-ui-*.woff2', (route) => route.abort());
  await page.goto(`${server.base}/`);
  await page.waitForSelector('html[data-lang="zh-Hans"]');
  await settledFonts(page);
  const drawn = await chineseTextDrawing(page);
  const missing = drawn.reduce((sum, d) => sum + d.chars - Math.min(d.chars, d.embedded), 0);
  assert.ok(missing > 100, `characters left to the system's fonts: ${missing}`);
  await screenshot(page, 'fonts-zh-Hans-without-font');
});

test('a page in English fetches no interface face, nor its stylesheet', async () => {
  const page = await newPage(browser);
  await page.goto(`${server.base}/rules`);
  await page.waitForSelector('html[data-lang="en"]');
  await settledFonts(page);
  const fetched = await page.evaluate(() => performance.getEntriesByType('resource')
    .map((e) => e.name).filter((n) => n.includes('/fonts/xiangqi-ui-') || n.endsWith('/fonts-zh.css')));
  assert.deepEqual(fetched, []);
});
