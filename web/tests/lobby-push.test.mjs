// The lobby is pushed, not polled (GET /api/lobby/events, docs/protocol.md): with the page's
// timers frozen, so that no poll can run, a room created elsewhere and a guest taking its
// seat still show on the page.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { setUp, newPage, assertNoErrors, api } from './lib/harness.mjs';

let env;
before(async () => { env = await setUp(); });
after(async () => { await env?.done(); });

test('the lobby shows a new room and its taken seat without polling', async () => {
  const page = await newPage(env.browser);
  // Timers never fire by themselves: only the server's events make the page read the lists again.
  await page.clock.install();
  const stream = page.waitForResponse((r) => r.url().endsWith('/api/lobby/events'));
  await page.goto(`${env.base}/lobby`);
  assert.equal((await stream).headers()['content-type'], 'text/event-stream');

  const created = await api(env.base, 'POST', '/api/rooms', { public: true });
  const code = created.json.code;
  await page.locator(`#rooms tr[data-room="${code}"]`).waitFor();

  // A guest takes the seat: the room leaves the open rooms and becomes a game to watch.
  await api(env.base, 'POST', `/api/rooms/${code}/join`, {});
  await page.locator(`#games tr[data-game="${code}"]`).waitFor();
  assert.equal(await page.locator(`#rooms tr[data-room="${code}"]`).count(), 0);
  assertNoErrors(page);
});
