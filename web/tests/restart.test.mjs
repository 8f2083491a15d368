// A server that stops on SIGTERM closes the game sockets with 1012 "server restarting"; the
// page says so and reconnects once the server is back, keeping its game.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { startServer, launchBrowser, newPage, assertNoErrors, boardReady, api } from './lib/harness.mjs';

test('a restarting server is announced and the room page reconnects by itself', async () => {
  const first = await startServer();
  const browser = await launchBrowser();
  /** @type {Awaited<ReturnType<typeof startServer>> | null} */
  let second = null;
  try {
    const created = await api(first.base, 'POST', '/api/rooms', {});
    assert.equal(created.status, 201);
    const code = created.json.code;
    const page = await newPage(browser);
    await page.goto(`${first.base}/play/${code}`);
    await boardReady(page, '#board');
    await page.locator('#connection').waitFor({ state: 'hidden' });

    // SIGTERM; the data folder stays for the restart on the same port.
    await first.stop({ keepData: true });
    await page.locator('#connection', { hasText: /server is restarting/i }).waitFor();

    second = await startServer({ port: first.port, dataDir: first.dataDir });
    await page.locator('#connection').waitFor({ state: 'hidden', timeout: 15000 });
    await boardReady(page, '#board');
    // The refused connections while the server was down are expected console errors.
    page.errors.splice(0, page.errors.length, ...page.errors.filter((e) => !/WebSocket connection to/.test(e)));
    assertNoErrors(page);
  } finally {
    await browser.close();
    await second?.stop();
    if (second) rmSync(second.dataDir, { recursive: true, force: true });
  }
});
