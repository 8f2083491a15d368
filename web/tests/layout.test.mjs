// Layouts that fit (issue 29, item 1): on every game page the board, both player labels (with
// their clocks), the status line and the main action buttons lie inside the window, with no
// horizontal scroll, at a laptop's 1366×768 and 1280×720 and a phone's 390×844 and 360×640;
// the home page's main actions are above the fold on a phone. A screenshot of each page at
// 1366×768 and 390×844 goes to test-artifacts/ (layout-<page>-<size>.png).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { setUp, newPage, assertNoErrors, screenshot, boardReady, api, playByClicks, waitForPiece } from './lib/harness.mjs';

let env;
before(async () => { env = await setUp(); });
after(async () => { await env?.done(); });

const SIZES = [[1366, 768], [1280, 720], [390, 844], [360, 640]];
/** The sizes whose screenshots are kept. */
const SHOTS = new Set(['1366x768', '390x844']);

/**
 * The elements of `selectors` that are not wholly inside the window at the top of the page,
 * with their boxes, and whether the page scrolls sideways.
 * @param {import('playwright-core').Page} page
 * @param {string[]} selectors
 */
async function outside(page, selectors) {
  await page.evaluate(() => window.scrollTo(0, 0));
  return page.evaluate((sels) => {
    const out = [];
    for (const sel of sels) {
      const el = document.querySelector(sel);
      if (!el) {
        out.push(`${sel}: missing`);
        continue;
      }
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) out.push(`${sel}: not shown`);
      else if (r.left < 0 || r.top < 0 || r.right > innerWidth + 0.5 || r.bottom > innerHeight + 0.5) {
        out.push(`${sel}: ${Math.round(r.left)},${Math.round(r.top)}–${Math.round(r.right)},${Math.round(r.bottom)} outside ${innerWidth}×${innerHeight}`);
      }
    }
    if (document.documentElement.scrollWidth > innerWidth) out.push(`scrolls sideways: ${document.documentElement.scrollWidth} > ${innerWidth}`);
    return out;
  }, selectors);
}

/**
 * Checks one page at every size: `open` loads it (on a fresh page of that size), `selectors`
 * must be inside the window.
 * @param {string} name
 * @param {(page: import('playwright-core').Page) => Promise<void>} open
 * @param {string[]} selectors
 */
async function checkPage(name, open, selectors) {
  const problems = [];
  for (const [width, height] of SIZES) {
    const page = await newPage(env.browser, { width, height });
    await open(page);
    for (const p of await outside(page, selectors)) problems.push(`${width}×${height} ${p}`);
    if (SHOTS.has(`${width}x${height}`)) await screenshot(page, `layout-${name}-${width}x${height}`);
    assertNoErrors(page);
    await page.close();
  }
  assert.deepEqual(problems, [], `${name}:\n${problems.join('\n')}`);
}

/** The board as drawn (its SVG), not its container. */
const BOARD = '#board svg';

test('layout: /local fits', async () => {
  await checkPage('local', async (page) => {
    await page.goto(`${env.base}/local`);
    await boardReady(page, '#board');
  }, [BOARD, '#status', '#new-game', '#undo', '#flip']);
});

test('layout: /computer fits, with both player labels', async () => {
  await checkPage('computer', async (page) => {
    await page.goto(`${env.base}/computer`);
    await boardReady(page, '#board');
    await page.click('#start');
    await page.locator('#resign:not([hidden])').waitFor();
  }, [BOARD, '#player-top', '#player-bottom', '#status', '#resign', '#undo']);
});

test('layout: a room fits, with both players and their clocks', async () => {
  // A game under way: both players connected, one move each.
  /** @type {import('playwright-core').Page[]} */
  const opponents = [];
  await checkPage('room', async (page) => {
    const created = await api(env.base, 'POST', '/api/rooms', { time_control: { initial_s: 300, increment_s: 3 } });
    const { code } = created.json;
    const joined = await api(env.base, 'POST', `/api/rooms/${code}/join`, {});
    assert.equal(joined.status, 200);
    const black = await newPage(env.browser);
    opponents.push(black);
    for (const [p, seat] of [[page, created.json.seat], [black, joined.json.seat]]) {
      await p.goto(`${env.base}/`);
      await p.evaluate(([c, s]) => localStorage.setItem(`xiangqi.seat.${c}`, s), [code, seat]);
      await p.goto(`${env.base}/play/${code}`);
      await boardReady(p, '#board');
    }
    await playByClicks(page, 'h2e2', '#board');
    await waitForPiece(black, 'e2', 'C', '#board');
    await playByClicks(black, 'h9g7', '#board');
    await waitForPiece(page, 'g7', 'n', '#board');
    await page.locator('#resign:not([hidden])').waitFor();
  }, [BOARD, '#player-top', '#player-bottom', '#player-top .clock', '#player-bottom .clock', '#status', '#resign', '#offer-draw']);
  for (const p of opponents) await p.close();
});

test('layout: the trainer fits', async () => {
  await checkPage('trainer', async (page) => {
    await page.goto(`${env.base}/puzzles/library/1`);
    await boardReady(page, '#trainer-board');
    await page.locator('#trainer-task:not(:empty)').waitFor();
  }, ['#trainer-board svg', '#trainer-task', '#hint', '#restart']);
});

test('layout: /analysis fits', async () => {
  await checkPage('analysis', async (page) => {
    await page.goto(`${env.base}/analysis`);
    await boardReady(page, '#board');
  }, [BOARD, '#evalbar', '#status', '#review']);
});

test('layout: the home page shows its main actions on the first screen of a phone', async () => {
  for (const [width, height] of SIZES.slice(2)) {
    const page = await newPage(env.browser, { width, height });
    await page.goto(`${env.base}/`);
    const problems = await outside(page, ['.s-actions a[href="/computer"]', '.s-actions a[href="/lobby#create"]', '.s-actions a[href="/rules"]']);
    assert.deepEqual(problems, [], `${width}×${height}`);
    if (SHOTS.has(`${width}x${height}`)) await screenshot(page, `layout-home-${width}x${height}`);
    assertNoErrors(page);
    await page.close();
  }
});
