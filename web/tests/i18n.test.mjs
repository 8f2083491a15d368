// The pages in their four languages (js/i18n.js, web/i18n/<code>.json): every page in each
// language shows each marked text as that language's file has it (never its key, never the
// English), with <html lang> set; the browser's language chooses (Playwright's locale sets
// both Accept-Language and navigator.languages); the switch in the header is remembered
// across pages and reloads; Chinese brings Chinese notation; rulings and errors are written
// in the page's language. Screenshots of every page in each language go to test-artifacts/.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  setUp, newPage, assertNoErrors, screenshot, boardReady, playByClicks, clickSquare, api, webDir,
} from './lib/harness.mjs';

let env;
before(async () => { env = await setUp(); });
after(async () => { await env?.done(); });

/** A language's texts, with the puzzle pages' sections and the rules guide's file as the section `guide`. @param {string} code */
const load = (code) => ({
  ...JSON.parse(readFileSync(join(webDir, 'i18n', `${code}.json`), 'utf8')),
  ...JSON.parse(readFileSync(join(webDir, 'i18n', 'puzzles', `${code}.json`), 'utf8')),
  guide: JSON.parse(readFileSync(join(webDir, 'i18n', 'guide', `${code}.json`), 'utf8')),
});
const texts = { en: load('en'), 'zh-Hans': load('zh-Hans'), 'zh-Hant': load('zh-Hant'), vi: load('vi') };

/** The text of a dotted key in a language's file. @param {any} file @param {string} key */
const at = (file, key) => key.split('.').reduce((v, k) => (v == null ? v : v[k]), file);

/** Browser locales and the language each must bring. */
const LOCALES = /** @type {const} */ ([['zh-CN', 'zh-Hans'], ['zh-TW', 'zh-Hant'], ['vi-VN', 'vi']]);

/**
 * Every marked element of the page as shown: its key, the text (or attribute) on screen.
 * @param {import('playwright-core').Page} page
 */
function marked(page) {
  return page.evaluate(() => {
    /** @type {{key: string, kind: string, shown: string}[]} */
    const out = [];
    for (const el of document.querySelectorAll('[data-i18n]')) {
      out.push({ key: el.getAttribute('data-i18n') ?? '', kind: 'text', shown: el.textContent ?? '' });
    }
    for (const el of document.querySelectorAll('[data-i18n-html]')) {
      out.push({ key: el.getAttribute('data-i18n-html') ?? '', kind: 'html', shown: el.innerHTML });
    }
    for (const el of document.querySelectorAll('[data-i18n-attr]')) {
      for (const pair of (el.getAttribute('data-i18n-attr') ?? '').split(';')) {
        const [name, key] = pair.split(':');
        out.push({ key, kind: name, shown: el.getAttribute(name) ?? '' });
      }
    }
    return out;
  });
}

test('every page in each language: every marked text translated, <html lang> set', async () => {
  const room = await api(env.base, 'POST', '/api/rooms', {});
  assert.equal(room.status, 201, room.text);
  const puzzle = await api(env.base, 'POST', '/api/puzzles', {
    fen: '4k4/R8/9/9/9/9/9/9/9/3K4R w - - 0 1', title: 'Mate in one', solution: ['i0i9'],
  });
  assert.equal(puzzle.status, 201, puzzle.text);
  const pages = [['/', 'home'], ['/local', 'local'], ['/computer', 'computer'], ['/lobby', 'lobby'],
    ['/rules', 'rules'], ['/replay', 'replay'], ['/analysis', 'analysis'], ['/puzzles/new', 'puzzle-editor'],
    [`/puzzles/${puzzle.json.id}`, 'puzzle'], ['/puzzles', 'puzzles'], ['/puzzles/library/49', 'trainer'],
    [`/play/${room.json.code}`, 'play'], ['/account', 'account'], ['/no-such-page', '404']];
  /** @type {string[]} */
  const problems = [];
  // The languages side by side: each page's load and network wait overlap the others'.
  await Promise.all(LOCALES.map(async ([locale, lang]) => {
    const page = await newPage(env.browser, { locale });
    for (const [path, name] of pages) {
      if (path === '/no-such-page') page.allowStatus(404);
      await page.goto(env.base + path);
      await page.waitForFunction(() => document.documentElement.dataset.lang);
      assert.equal(await page.getAttribute('html', 'lang'), lang, `${path} in ${lang}`);
      // The texts the list and the trainer write once the library is loaded, checked below too.
      if (path === '/puzzles') await page.locator('#library li').first().waitFor();
      if (name === 'trainer') await page.waitForFunction(() => document.querySelector('#trainer-task')?.textContent);
      const shown = await marked(page);
      assert.ok(shown.length > 10, `${path} has marked texts`);
      for (const { key, kind, shown: s } of shown) {
        const want = at(texts[lang], key);
        const english = at(texts.en, key);
        // The page's own script may have written a live text there since (a status line).
        if (typeof want !== 'string') problems.push(`${lang} ${path}: ${key} has no text`);
        else if (s === key || (s === english && want !== english)) problems.push(`${lang} ${path}: ${kind} ${key} shows "${s}"`);
      }
      // The switch names the page's language.
      assert.equal(await page.locator('#lang-switch').inputValue(), lang);
      // In Chinese, no English word is left on screen: only format names, codes and moves.
      if (lang.startsWith('zh')) {
        // The classics' titles and notes (their PGN tags) and a puzzle's title are data, not
        // the interface; the switch names every language in itself.
        const words = await page.evaluate(() => {
          let text = document.body.innerText;
          for (const el of document.querySelectorAll('#about, #classics, #lang-switch, #puzzle-title')) {
            text = text.replace(/** @type {HTMLElement} */ (el).innerText, '');
          }
          return text.match(/[A-Za-z][A-Za-z']{2,}/g) ?? [];
        });
        const allowed = new Set(['WXF', 'ICCS', 'FEN', 'PGN', 'DhtmlXQ', 'UBB', 'XQF', 'Event', 'http']);
        const english = words.filter((w) => !allowed.has(w) && !/^[A-Z0-9]+$/.test(w) && !/^[a-z]*\d/.test(w)
          && !/^(rnbakabnr|RNBAKABNR|ppp|pp)/i.test(w));
        if (english.length) problems.push(`${lang} ${path}: English on screen: ${[...new Set(english)].join(' ')}`);
      }
      if (path === '/local') await boardReady(page, '#board');
      await page.waitForLoadState('networkidle');
      await screenshot(page, `i18n-${lang}-${name}`);
    }
    assertNoErrors(page);
    await page.context().close();
  }));
  assert.deepEqual(problems.sort(), []);
});

test('zh-CN in Accept-Language: the home page in 简体中文', async () => {
  const page = await newPage(env.browser, { locale: 'zh-CN' });
  /** @type {string[]} */
  const accepted = [];
  page.on('request', (r) => { if (r.isNavigationRequest()) accepted.push(r.headers()['accept-language'] ?? ''); });
  await page.goto(`${env.base}/`);
  assert.match(accepted[0], /^zh-CN/);
  await page.locator('h1', { hasText: '中国象棋，就在你的浏览器里' }).waitFor();
  assert.equal(await page.getAttribute('html', 'lang'), 'zh-Hans');
  assert.equal(await page.locator('.s-nav a[href="/rules"]').textContent(), '规则');
  assert.equal(await page.title(), '象棋——在浏览器里下中国象棋');
  assertNoErrors(page);
});

test('with scripts off a page still appears, in English, after its short wait', async () => {
  const ctx = await env.browser.newContext({ javaScriptEnabled: false, locale: 'en-US' });
  try {
    const page = await ctx.newPage();
    for (const path of ['/', '/rules']) {
      await page.goto(`${env.base}${path}`);
      // Hidden while the texts would load (no data-lang is ever set here), then shown.
      await page.locator('h1').first().waitFor({ state: 'visible', timeout: 10000 });
      assert.equal(await page.getAttribute('html', 'data-lang'), null);
    }
  } finally {
    await ctx.close();
  }
});

test('the switch is remembered across pages and reloads', async () => {
  const page = await newPage(env.browser);
  await page.goto(`${env.base}/`);
  await page.locator('h1', { hasText: 'Xiangqi, Chinese chess, in your browser' }).waitFor();
  await Promise.all([page.waitForEvent('load'), page.selectOption('#lang-switch', 'vi')]);
  await page.locator('h1', { hasText: 'Cờ tướng, ngay trong trình duyệt của bạn' }).waitFor();
  assert.equal(await page.evaluate(() => localStorage.getItem('xiangqi.lang')), 'vi');
  await page.click('.s-nav a[href="/lobby"]');
  await page.locator('#join-code-title', { hasText: 'Vào bằng mã' }).waitFor();
  assert.equal(await page.getAttribute('html', 'lang'), 'vi');
  await page.reload();
  await page.locator('#join-code-title', { hasText: 'Vào bằng mã' }).waitFor();
  // Back to English, again remembered.
  await Promise.all([page.waitForEvent('load'), page.selectOption('#lang-switch', 'en')]);
  await page.locator('#join-code-title', { hasText: 'Join by code' }).waitFor();
  await page.goto(`${env.base}/rules`);
  await page.locator('h1', { hasText: 'Rules of Xiangqi' }).waitFor();
  assert.equal(await page.getAttribute('html', 'lang'), 'en');
  assertNoErrors(page);
});

test('Chinese brings Chinese notation to the move list; Vietnamese keeps WXF', async () => {
  for (const [locale, first, pressed] of /** @type {const} */ ([['zh-TW', '炮二平五', 'chinese'], ['vi-VN', 'C2=5', 'wxf']])) {
    const page = await newPage(env.browser, { locale });
    await page.goto(`${env.base}/local`);
    await boardReady(page, '#board');
    await playByClicks(page, 'h2e2');
    await page.locator('#moves .ml-move', { hasText: first }).waitFor();
    assert.equal(await page.locator(`#moves [data-n="${pressed}"]`).getAttribute('aria-pressed'), 'true', locale);
    // The player's own choice wins over the language's default.
    await page.locator('#moves [data-n="iccs"]').click();
    await page.reload();
    await boardReady(page, '#board');
    await page.locator('#moves .ml-move', { hasText: 'h2e2' }).waitFor();
    assertNoErrors(page);
    await page.context().close();
  }
});

test('a ruling, the status line and a server error in the page\'s language', async () => {
  const page = await newPage(env.browser, { locale: 'vi-VN' });
  await page.goto(`${env.base}/rules#repetition`);
  await boardReady(page, '#perpetual-check');
  await page.locator('#perpetual-check [data-action="cycle"]', { hasText: 'Chơi vòng lặp' }).click();
  await page.locator('#perpetual-check .s-moves', {
    hasText: 'Đỏ thua vì chiếu dai: Xe Đỏ chiếu ở mọi nước từ nước 1 đến nước 6 (R9+1, R9-1, …); các nước đáp của Đen không phạm luật.',
  }).waitFor({ timeout: 20000 });
  await screenshot(page, 'i18n-vi-ruling');
  assertNoErrors(page);
  await page.context().close();

  const zh = await newPage(env.browser, { locale: 'zh-CN' });
  // The end of a game in Chinese: the rules library's English sentence is said in Chinese.
  await zh.goto(`${env.base}/rules#checkmate`);
  await boardReady(zh, '#checkmate');
  await zh.locator('#checkmate [data-square="b4"].movable').waitFor();
  await clickSquare(zh, 'b4', '#checkmate');
  await clickSquare(zh, 'e4', '#checkmate');
  await zh.locator('#checkmate .s-moves', { hasText: '黑方被将死' }).waitFor();
  await zh.goto(`${env.base}/local`);
  await boardReady(zh, '#board');
  await zh.locator('#status .text', { hasText: '红方走棋' }).waitFor();
  // Joining a room that does not exist: the server's 404, told in Chinese.
  zh.allowStatus(404);
  await zh.goto(`${env.base}/lobby`);
  await zh.fill('#room-code', 'ZZZZZZ');
  await zh.click('#code-form button[type="submit"]');
  await zh.locator('#code-error', { hasText: '没有房间 ZZZZZZ。请检查房间号后重试。' }).waitFor();
  await screenshot(zh, 'i18n-zh-Hans-error');
  assertNoErrors(zh);
});

// Puzzle 49 of the library: Red mates in 2, the horse first, H4-6 in WXF (f7d6), in Chinese
// 马四退六 (the horse on Red's file 4 steps back to file 6); themes mate in 2, check, chariot
// mate; difficulty 2 (web/puzzles/library.json).
test('the puzzle list and the trainer in Chinese and Vietnamese: task, themes, hint, count', async () => {
  const cases = /** @type {const} */ ([
    ['zh-CN', '第49题', '红方先走，二步杀。', '二步杀 · 将军 · 车杀 · 难度2/5', '提示：走马四退六 (f7d6)。', '显示200/200题 · 已解0题'],
    ['zh-TW', '第49題', '紅方先走，二步殺。', '二步殺 · 將軍 · 車殺 · 難度2/5', '提示：走马四退六 (f7d6)。', '顯示200/200題 · 已解0題'],
    ['vi-VN', 'Thế cờ 49', 'Đỏ đi trước: chiếu hết sau 2 nước.', 'chiếu hết sau 2 nước · chiếu tướng · xe chiếu hết · độ khó 2/5',
      'Gợi ý: đi H4-6 (f7d6).', 'Đang hiện 200/200 thế cờ · đã giải 0'],
  ]);
  for (const [locale, title, task, themes, hint, count] of cases) {
    const page = await newPage(env.browser, { locale });
    await page.goto(`${env.base}/puzzles/library/49`);
    await boardReady(page, '#trainer-board');
    await page.locator('#trainer-task', { hasText: task }).waitFor();
    assert.equal(await page.locator('#trainer-title').textContent(), title, locale);
    assert.equal(await page.locator('#trainer-themes').textContent(), themes, locale);
    await page.locator('#trainer-board [data-square="f7"].movable').waitFor();
    await page.click('#hint');
    await page.click('#hint');
    await page.locator('#trainer-status', { hasText: hint }).waitFor();
    await screenshot(page, `i18n-${locale}-trainer-hint`);
    await page.goto(`${env.base}/puzzles?theme=${encodeURIComponent('mate in 2')}`);
    // The theme filter names the theme in the page's language; the address keeps the data key.
    await page.locator('#library li').first().waitFor();
    assert.equal(await page.locator('#theme option:checked').textContent(), themes.split(' · ')[0], locale);
    await page.selectOption('#theme', '');
    await page.locator('#library-count', { hasText: count }).waitFor();
    assertNoErrors(page);
    await page.context().close();
  }
});
