// Replay viewer (/replay): the list of built-in classics (web/classics/*.pgn, read at run time),
// a classic chosen from it, its description, and its last position and recorded result; the
// titles, players, events and descriptions in 简体中文 and Tiếng Việt
// (web/i18n/classics/<code>.json).
// Expected final positions are Fairy-Stockfish's (crates/xiangqi/tests/it/classics.rs).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { setUp, newPage, assertNoErrors, screenshot, boardReady, waitForPiece, pieceAt } from './lib/harness.mjs';

let env;
before(async () => { env = await setUp(); });
after(async () => { await env?.done(); });

/** The pieces of a FEN's board as {square: letter}. */
function piecesOf(fen) {
  /** @type {Record<string, string>} */
  const out = {};
  fen.split(' ')[0].split('/').forEach((row, i) => {
    let file = 0;
    for (const ch of row) {
      if (/\d/.test(ch)) file += Number(ch);
      else out['abcdefghi'[file++] + (9 - i)] = ch;
    }
  });
  return out;
}

/** Asserts that the board shows exactly the pieces of `fen`. */
async function assertBoard(page, fen) {
  const want = piecesOf(fen);
  for (let rank = 0; rank <= 9; rank++) {
    for (const f of 'abcdefghi') {
      const square = f + rank;
      assert.equal(await pieceAt(page, square, '#board'), want[square] ?? null, square);
    }
  }
}

test('classics: the list offers the trap and eleven master games', async () => {
  const page = await newPage(env.browser);
  await page.goto(`${env.base}/replay`);
  await boardReady(page, '#board');
  const options = page.locator('#classics option:not([value=""])');
  await options.nth(10).waitFor({ state: 'attached' });
  assert.equal(await options.count(), 12);
  const titles = await options.allTextContents();
  assert.equal(titles[0], '弃马十三招 — the horse-sacrifice trap');
  assert.ok(titles.includes('Hu Ronghua – Wang Jialiang, national championship 1965'), titles.join('\n'));
  assert.ok(titles.includes('Xu Yinchuan – Yan Wenqing, world championship 1999'), titles.join('\n'));
  // The default is the trap, shown with its description.
  await page.locator('#about', { hasText: 'Juzhongmi' }).waitFor();
  // A manual's line has no players (PGN's "?"): the facts line leaves them out.
  assert.equal(await page.locator('#about .classic-facts').textContent(),
    'Juzhongmi (橘中秘), the horse-sacrifice trap 弃马十三招 · 1632 · 1-0');
  assert.equal(await page.locator('#classics').inputValue(), 'juzhongmi');
  assertNoErrors(page);
});

test('classics: Hu Ronghua – Zhao Guorong 1984 plays to the recorded end', async () => {
  const page = await newPage(env.browser);
  await page.goto(`${env.base}/replay`);
  await boardReady(page, '#board');
  await page.locator('#classics option[value="hu-ronghua-zhao-guorong-1984"]').waitFor({ state: 'attached' });
  await page.locator('#classics').selectOption('hu-ronghua-zhao-guorong-1984');
  const about = page.locator('#about');
  await about.locator('.classic-description', { hasText: 'Five sacrifices in a row.' }).waitFor();
  assert.match(await about.textContent(), /Hu Ronghua – Zhao Guorong · Kunhua Cup · 1984 · 1-0/);
  assert.match(page.url(), /[?&]classic=hu-ronghua-zhao-guorong-1984/);
  // From the start, step forward three moves: 1. 炮二平五 马８进７ 2. 马二进三.
  await page.locator('[data-go="first"]').first().click();
  await waitForPiece(page, 'h2', 'C', '#board');
  const forward = page.locator('[data-go="forward"]').first();
  for (let i = 0; i < 3; i++) await forward.click();
  await waitForPiece(page, 'g2', 'N', '#board');
  assert.equal(await pieceAt(page, 'e2', '#board'), 'C');
  assert.equal(await pieceAt(page, 'g7', '#board'), 'n');
  // To the end: ply 45, 23. 车四平五, after which Black resigned.
  await page.locator('[data-go="last"]').first().click();
  await waitForPiece(page, 'e9', 'R', '#board');
  await page.locator('#status', { hasText: 'Move 45 of 45' }).waitFor();
  await page.locator('#status', { hasText: 'recorded result 1-0 (Red won)' }).waitFor();
  await assertBoard(page, '1nb1R1b2/3k5/r3c1n2/p1p1p3r/9/2PC5/P3P4/B1N1C1c2/4A4/3AK1B2 b - - 4 23');
  assert.equal(await forward.isDisabled(), true, 'nothing after the last move');
  await screenshot(page, 'classics-hu-zhao');
  assertNoErrors(page);
});

test('classics: a Black win opens from its link and ends in its recorded position', async () => {
  const page = await newPage(env.browser);
  await page.goto(`${env.base}/replay?classic=yang-guanlin-zhao-qingge-1978`);
  await boardReady(page, '#board');
  await page.locator('#about .classic-description', { hasText: 'Yang Guanlin' }).waitFor();
  assert.equal(await page.locator('#classics').inputValue(), 'yang-guanlin-zhao-qingge-1978');
  // A classic opens on its last position: ply 98, Red in check and resigned.
  await page.locator('#status', { hasText: 'Move 98 of 98' }).waitFor();
  await page.locator('#status', { hasText: 'recorded result 0-1 (Black won)' }).waitFor();
  await assertBoard(page, '4ka3/4a4/9/p3R3p/6b2/8P/9/4Br3/2n6/3AK1B2 w - - 2 50');
  assertNoErrors(page);
});

test('classics: titles, players and descriptions in Chinese and Vietnamese', async () => {
  for (const [locale, title, facts, words] of [
    ['zh-CN', '许银川 – 阎文清，1999年世界锦标赛', '许银川 – 阎文清 · 世界象棋锦标赛，第六轮 · 1999 · 1-0', /布局专家阎文清/],
    ['vi-VN', 'Hứa Ngân Xuyên – Diêm Văn Thanh, giải vô địch thế giới 1999',
      'Hứa Ngân Xuyên – Diêm Văn Thanh · Giải vô địch cờ tướng thế giới, vòng 6 · 1999 · 1-0', /chuyên gia khai cuộc/],
  ]) {
    const page = await newPage(env.browser, { locale });
    await page.goto(`${env.base}/replay?classic=xu-yinchuan-yan-wenqing-1999`);
    await boardReady(page, '#board');
    await page.locator('#about .classic-title', { hasText: title }).waitFor();
    assert.equal(await page.locator('#about .classic-facts').textContent(), facts);
    assert.match(await page.locator('#about .classic-description').textContent(), words);
    const titles = await page.locator('#classics option:not([value=""])').allTextContents();
    assert.ok(titles.includes(title), titles.join('\n'));
    assert.ok(!titles.some((t) => /world championship|national championship/.test(t)), `no English title left: ${titles.join('\n')}`);
    assertNoErrors(page);
  }
});
