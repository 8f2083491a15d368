// Offline and installable: after one visit the service worker (web/sw.js) serves the
// single-player pages and their assets with the server stopped; a one-screen game is
// played to checkmate offline; the lobby says plainly that it needs the server and
// recovers by itself when the server is back.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import {
  startServer, launchBrowser, newPage, assertNoErrors, boardReady, playByClicks, api, screenshot,
} from './lib/harness.mjs';

/** Visits `/` and waits until the service worker controls the page with its cache filled. */
async function install(page, base) {
  await page.goto(`${base}/`);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((ok) => navigator.serviceWorker.addEventListener('controllerchange', ok, { once: true }));
    }
  });
}

test('the manifest and the worker are served for installation', async () => {
  const server = await startServer();
  try {
    const manifest = await api(server.base, 'GET', '/manifest.webmanifest');
    assert.equal(manifest.status, 200);
    assert.equal(manifest.json.start_url, '/');
    assert.equal(manifest.json.display, 'standalone');
    assert.ok(manifest.json.icons.length >= 1);
    const res = await fetch(`${server.base}/sw.js`);
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') || '', /javascript/);
    assert.equal(res.headers.get('cache-control'), 'no-cache');
    const text = await res.text();
    assert.doesNotMatch(text, /__VERSION__|__PRECACHE__/);
    // Every precached URL exists (a missing one would make installation fail).
    const list = JSON.parse(/JSON\.parse\('(.*)'\)/.exec(text)[1]);
    for (const url of ['/', '/local', '/computer', '/analysis', '/rules', '/replay']) assert.ok(list.includes(url), url);
    assert.ok(list.some((u) => /^\/assets\/v\/[^/]+\/wasm\/engine\.wasm$/.test(u)));
    for (const url of list) {
      const r = await fetch(server.base + url);
      assert.equal(r.status, 200, url);
    }
  } finally {
    await server.stop();
  }
});

test('after one visit the single-player pages work with the server stopped', async () => {
  const server = await startServer();
  const browser = await launchBrowser();
  let again = null;
  try {
    const page = await newPage(browser);
    await install(page, server.base);
    await server.stop({ keepData: true });

    // A one-screen game to checkmate, offline (the double-cannon mate of local.test.mjs).
    const fen = '3aka3/9/9/p8/9/1C7/9/4C4/9/3K5 w - - 0 1';
    await page.goto(`${server.base}/local?fen=${encodeURIComponent(fen)}`);
    await boardReady(page, '#board');
    await playByClicks(page, 'b4b3', '#board');
    await playByClicks(page, 'a6a5', '#board');
    await playByClicks(page, 'b3e3', '#board');
    await page.locator('#banner', { hasText: /checkmate/i }).waitFor();
    await screenshot(page, 'offline-local-mate');

    // A computer game at Beginner, offline: the engine replies from its worker, and the game
    // is played to its end (Red resigns; the checkmate case is in computer.test.mjs).
    await page.goto(`${server.base}/computer?fen=${encodeURIComponent('3aka3/9/9/9/p8/9/1C7/4C4/9/3K5 w - - 0 2')}`);
    await page.locator('#setup').waitFor();
    await boardReady(page, '#board');
    await page.selectOption('#level', '1');
    await page.selectOption('#color', 'red');
    await page.click('#start');
    await page.locator('#game-side').waitFor();
    await playByClicks(page, 'b3b4', '#board');
    await page.waitForFunction(() => (JSON.parse(localStorage.getItem('xiangqi.computer.game') || 'null')?.moves.length ?? 0) >= 2);
    await page.click('#resign');
    await page.click('#resign');
    await page.locator('#banner', { hasText: /resigned/i }).waitFor();
    await screenshot(page, 'offline-computer-end');

    for (const path of ['/', '/rules', '/replay', '/analysis', '/computer', '/puzzles/new']) {
      const res = await page.goto(`${server.base}${path}`);
      assert.ok(res && res.ok(), `${path} offline`);
      const board = { '/': null, '/rules': '', '/puzzles/new': '#editor-board' }[path];
      if (board !== null) await boardReady(page, board ?? '#board');
    }

    // The lobby needs the server: it says so, and recovers by itself when it is back.
    await page.goto(`${server.base}/lobby`);
    await page.locator('#offline-banner').waitFor({ state: 'visible', timeout: 15000 });
    assert.match(await page.locator('#offline-banner').textContent(), /cannot be reached/);
    again = await startServer({ port: server.port, dataDir: server.dataDir });
    await page.locator('#offline-banner').waitFor({ state: 'hidden', timeout: 20000 });
    // The refused requests while the server was down are expected console errors.
    page.errors.splice(0, page.errors.length,
      ...page.errors.filter((e) => !/ERR_CONNECTION_REFUSED|Failed to fetch|Failed to load resource/.test(e)));
    assertNoErrors(page);
  } finally {
    await browser.close();
    await again?.stop();
    rmSync(server.dataDir, { recursive: true, force: true });
  }
});
