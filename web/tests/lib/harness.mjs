// Shared set-up for the browser tests: starts the real server binary on a free port with a
// fresh data directory, launches Debian's Chromium through playwright-core, fails a page on
// any console error or uncaught exception, and saves screenshots under web/test-artifacts/
// when XIANGQI_SCREENSHOTS=1.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, mkdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = dirname(fileURLToPath(import.meta.url));
export const webDir = resolve(here, '..', '..');
export const repoRoot = resolve(webDir, '..');
export const artifactsDir = join(webDir, 'test-artifacts');

export const START_FEN = 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1';

/** @returns {Promise<number>} a port that was free a moment ago */
function freePort() {
  return new Promise((ok, fail) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', fail);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => ok(port));
    });
  });
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * Starts `xiangqi serve` (XIANGQI_BIN, default target/release/xiangqi) and waits until
 * GET /api/health answers. `opts.port` and `opts.dataDir` restart a server where a stopped
 * one ran (`stop({keepData: true})`; a folder given is never removed by `stop`); `opts.env`
 * adds to the server's environment (its `XIANGQI_*` settings).
 * @param {{port?: number, dataDir?: string, env?: Record<string, string>}} [opts]
 * @returns {Promise<{base: string, port: number, dataDir: string, stop: (o?: {keepData?: boolean}) => Promise<void>, log: () => string}>}
 */
export async function startServer(opts = {}) {
  // XIANGQI_URL: test an already running server instead (e.g. one serving web/ from disk).
  if (process.env.XIANGQI_URL) {
    const base = process.env.XIANGQI_URL.replace(/\/$/, '');
    return { base, port: 0, dataDir: '', stop: async (_o = {}) => {}, log: () => '' };
  }
  const bin = process.env.XIANGQI_BIN || join(repoRoot, 'target', 'release', 'xiangqi');
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), 'xiangqi-webtest-'));
  let lastError = '';
  for (let attempt = 0; attempt < 3; attempt++) {
    const port = opts.port ?? await freePort();
    const base = `http://127.0.0.1:${port}`;
    const child = spawn(bin, ['serve', '--addr', `127.0.0.1:${port}`, '--data-dir', dataDir], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, RUST_LOG: process.env.RUST_LOG || 'warn', ...(opts.env ?? {}) },
    });
    let output = '';
    child.stdout.on('data', (d) => { output += d; });
    child.stderr.on('data', (d) => { output += d; });
    let exited = false;
    child.on('exit', () => { exited = true; });
    const stop = async ({ keepData = false } = {}) => {
      if (!exited) {
        child.kill('SIGTERM');
        for (let i = 0; i < 50 && !exited; i++) await sleep(20);
        if (!exited) child.kill('SIGKILL');
      }
      if (!opts.dataDir && !keepData) rmSync(dataDir, { recursive: true, force: true });
    };
    // Generous: on a loaded 2-core machine a start has taken tens of seconds.
    const deadline = Date.now() + 60000;
    while (Date.now() < deadline && !exited) {
      try {
        const res = await fetch(`${base}/api/health`);
        if (res.ok) return { base, port, dataDir, stop, log: () => output };
      } catch {
        // not listening yet
      }
      await sleep(50);
    }
    lastError = output;
    await stop();
    if (!exited) break;
  }
  throw new Error(`the server did not start (${bin}):\n${lastError}`);
}

/**
 * The Chromium the tests drive: `CHROMIUM` when set, else Debian's headless build of it
 * (package chromium-headless-shell, which scripts/web-test installs), else Debian's full
 * Chromium. The headless shell renders the same pages with the same engine without the full
 * browser's window machinery: the browser tests took 320 s with it against 440 s with the
 * full browser on the 2-core development machine, where they are bound by Chromium's CPU.
 */
const CHROMIUM_PATH = process.env.CHROMIUM
  || (existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : '/usr/bin/chromium');

/**
 * Launches Chromium headless (CHROMIUM_PATH); `opts.env` adds to the environment it runs in
 * (e.g. FONTCONFIG_FILE to choose the system fonts it sees).
 * @param {{env?: Record<string, string>}} [opts]
 */
export async function launchBrowser(opts = {}) {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    ...(opts.env ? { env: { ...process.env, ...opts.env } } : {}),
    args: [
      '--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
      '--disable-component-update', '--disable-sync', '--no-first-run',
    ],
  });
}

/**
 * A new page (in its own context unless one is given) that records console errors and
 * uncaught exceptions in `page.errors`; call `assertNoErrors(page)` at the end of a test.
 * @param {import('playwright-core').Browser | import('playwright-core').BrowserContext} owner
 * The context's locale (its Accept-Language and `navigator.languages`) is `size.locale`, else
 * English (`en-US`), so the pages show English unless a test asks for another language.
 * @param {{width?: number, height?: number, locale?: string}} [size]
 */
export async function newPage(owner, size = {}) {
  const ctx = 'newContext' in owner
    ? await owner.newContext({ viewport: { width: size.width || 1100, height: size.height || 900 }, locale: size.locale || 'en-US' })
    : owner;
  const page = await ctx.newPage();
  /** @type {string[]} */
  const errors = [];
  /** HTTP statuses a test expects the page to meet (Chromium logs each as a console error). */
  const allowedStatuses = new Set();
  page.on('console', (msg) => {
    if (msg.type() !== 'error') return;
    const status = /Failed to load resource: the server responded with a status of (\d+)/.exec(msg.text());
    if (status && allowedStatuses.has(Number(status[1]))) return;
    errors.push(`console error: ${msg.text()} (${page.url()})`);
  });
  page.on('pageerror', (err) => errors.push(`page error: ${err.message} (${page.url()})`));
  page.setDefaultTimeout(10000);
  return Object.assign(page, {
    errors,
    /** @param {...number} statuses HTTP error statuses this page is expected to receive */
    allowStatus: (...statuses) => statuses.forEach((x) => allowedStatuses.add(x)),
  });
}

/** @param {{errors: string[]}} page */
export function assertNoErrors(page) {
  if (page.errors.length) throw new Error(page.errors.join('\n'));
}

/**
 * Whether the tests save screenshots (`XIANGQI_SCREENSHOTS=1`): they are pictures for a person
 * to look at, never compared, and a full page drawn and encoded as PNG some eighty times was
 * 50 of the browser step's 320 s on two cores, so the test command leaves them out.
 */
const SCREENSHOTS = process.env.XIANGQI_SCREENSHOTS === '1';

/** Saves a full-page screenshot as web/test-artifacts/<name>.png (with XIANGQI_SCREENSHOTS=1). */
export async function screenshot(page, name) {
  if (!SCREENSHOTS) return;
  mkdirSync(artifactsDir, { recursive: true });
  // From the top: a sticky header would otherwise be drawn in the middle of the page.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: join(artifactsDir, `${name}.png`), fullPage: true });
}

/** Saves a screenshot of one element as web/test-artifacts/<name>.png (with XIANGQI_SCREENSHOTS=1). */
export async function screenshotOf(locator, name) {
  if (!SCREENSHOTS) return;
  mkdirSync(artifactsDir, { recursive: true });
  await locator.screenshot({ path: join(artifactsDir, `${name}.png`) });
}

/** JSON request to the server. */
export async function api(base, method, path, body) {
  const res = await fetch(base + path, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let json = null;
  try { json = JSON.parse(text); } catch { /* not JSON */ }
  return { status: res.status, json, text };
}

/** ICCS square name of file index 0-8 and rank 0-9. */
export const sq = (file, rank) => 'abcdefghi'[file] + rank;

/**
 * Starts a server and a browser for one test file; returns them and a `done` to call in
 * `after`. `opts.serverEnv` adds to the server's environment.
 * @param {{serverEnv?: Record<string, string>}} [opts]
 */
export async function setUp(opts = {}) {
  const [started, launched] = await Promise.allSettled([startServer({ env: opts.serverEnv }), launchBrowser()]);
  if (started.status === 'rejected' || launched.status === 'rejected') {
    // Close what did start: a browser left open keeps the test file's process alive, and the
    // whole run then waits forever instead of failing.
    if (launched.status === 'fulfilled') await launched.value.close().catch(() => {});
    if (started.status === 'fulfilled') await started.value.stop();
    throw started.status === 'rejected' ? started.reason : /** @type {PromiseRejectedResult} */ (launched).reason;
  }
  const [server, browser] = [started.value, launched.value];
  return {
    server,
    browser,
    base: server.base,
    async done() {
      await browser.close().catch(() => {});
      await server.stop();
    },
  };
}

/** Waits until the board inside `scope` shows its 90 points and at least one piece. */
export async function boardReady(page, scope = '') {
  await page.locator(`${scope} [data-square]`.trim()).nth(89).waitFor({ state: 'attached' });
  await page.locator(`${scope} [data-piece]`.trim()).first().waitFor({ state: 'attached' });
}

/** The FEN letter of the piece on `square` (null when empty). */
export async function pieceAt(page, square, scope = '') {
  const loc = page.locator(`${scope} [data-square="${square}"] [data-piece]`.trim());
  return (await loc.count()) ? loc.first().getAttribute('data-piece') : null;
}

/** Waits until `square` holds `letter` (or is empty for null). */
export async function waitForPiece(page, square, letter, scope = '', timeout = 10000) {
  const deadline = Date.now() + timeout;
  let last;
  while (Date.now() < deadline) {
    last = await pieceAt(page, square, scope);
    if (last === letter) return;
    await page.waitForTimeout(50);
  }
  throw new Error(`${square} holds ${last}, expected ${letter}`);
}

/** The destination markers shown: `{all: [...squares], captures: [...squares]}`. */
export async function destinations(page, scope = '') {
  return page.evaluate((sel) => {
    const all = [...document.querySelectorAll(sel)];
    return {
      all: all.map((e) => e.getAttribute('data-dest')).sort(),
      captures: all.filter((e) => e.classList.contains('capture')).map((e) => e.getAttribute('data-dest')).sort(),
    };
  }, `${scope} [data-dest]`.trim());
}

/** Clicks a point of the board. */
export async function clickSquare(page, square, scope = '') {
  await page.locator(`${scope} [data-square="${square}"]`.trim()).first().click();
}

/** Plays an ICCS move by two clicks and waits until the piece stands on its destination. */
export async function playByClicks(page, move, scope = '') {
  const from = move.slice(0, 2);
  const to = move.slice(2, 4);
  // Wait until the piece is selectable (the board knows the legal moves).
  await page.locator(`${scope} [data-square="${from}"].movable`.trim()).first().waitFor({ timeout: 10000 });
  const piece = await pieceAt(page, from, scope);
  if (!piece) throw new Error(`no piece on ${from} for ${move}`);
  await clickSquare(page, from, scope);
  await page.locator(`${scope} [data-dest="${to}"]`.trim()).first().waitFor({ state: 'attached', timeout: 5000 });
  await clickSquare(page, to, scope);
  await waitForPiece(page, to, piece, scope);
}

/**
 * Signs `name` up with `password` on /account in a new browser context (the session cookie
 * stays in it); returns its page, on /account, signed in.
 * @param {import('playwright-core').Browser} browser
 * @param {string} base
 * @param {string} name
 * @param {string} password
 */
export async function signUp(browser, base, name, password) {
  const page = await newPage(browser);
  await page.goto(`${base}/account`);
  await page.fill('#sign-up-name', name);
  await page.fill('#sign-up-password', password);
  await page.click('#sign-up-submit');
  await page.locator('#signed-in').waitFor();
  return page;
}
