// Home page, rules guide and lobby listing (the pages of web/index.html, rules.html, lobby.html).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { setUp, newPage, assertNoErrors, screenshot, screenshotOf, boardReady, destinations, clickSquare, api } from './lib/harness.mjs';

let env;
before(async () => { env = await setUp(); });
after(async () => { await env?.done(); });

test('home page links every mode and the rules', async () => {
  const page = await newPage(env.browser);
  await page.goto(`${env.base}/`);
  for (const href of ['/local', '/computer', '/lobby', '/puzzles/new', '/rules', '/replay']) {
    assert.ok(await page.locator(`main a[href^="${href}"]`).count() > 0, `a link to ${href}`);
  }
  await screenshot(page, 'home');
  // Every page linked from the navigation is served.
  const hrefs = await page.locator('nav a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
  for (const href of hrefs) {
    const res = await fetch(env.base + href);
    assert.equal(res.status, 200, `GET ${href}`);
  }
  const phone = await newPage(env.browser, { width: 390, height: 844 });
  await phone.goto(`${env.base}/`);
  const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `no horizontal scrolling on a phone (overflow ${overflow}px)`);
  await screenshot(phone, 'home-phone');
  assertNoErrors(page);
  assertNoErrors(phone);
});

test('rules guide: the blocked horse keeps four moves; every diagram loads', async () => {
  const page = await newPage(env.browser);
  await page.goto(`${env.base}/rules`);
  await boardReady(page, '#horse-leg');
  await page.locator('#horse-leg [data-square="e3"].selected').waitFor();
  let d = await destinations(page, '#horse-leg');
  assert.deepEqual(d.all, ['d1', 'f1', 'g2', 'g4'], 'the horse on e3 is hobbled towards d5, f5 (soldier on e4) and c4, c2 (black horse on d3)');
  assert.deepEqual(d.captures, []);
  // The free horse next to it has all eight.
  await boardReady(page, '#horse');
  d = await destinations(page, '#horse');
  assert.deepEqual(d.all, ['c2', 'c4', 'd1', 'd5', 'f1', 'f5', 'g2', 'g4']);
  // Selecting another piece shows its moves: the soldier on e4 may only advance.
  await clickSquare(page, 'e4', '#horse-leg');
  d = await destinations(page, '#horse-leg');
  assert.deepEqual(d.all, ['e5']);
  // Cannon: one capture over the screen, none without one.
  d = await destinations(page, '#cannon-screen');
  assert.deepEqual(d.captures, ['c6']);
  assert.equal(d.all.length, 9);
  // Every diagram shows its board and no error.
  const diagrams = await page.locator('[data-fen]').count();
  assert.ok(diagrams >= 15, `${diagrams} diagrams`);
  await page.waitForFunction((n) => document.querySelectorAll('[data-fen] [data-square]').length === n * 90, diagrams);
  await page.waitForFunction(() => [...document.querySelectorAll('.s-moves')].every((e) => e.textContent));
  const errors = await page.locator('.s-rule .s-error').evaluateAll((es) => es.map((e) => e.textContent).filter(Boolean));
  assert.deepEqual(errors, []);
  assert.match(await page.locator('#no-legal-move .s-moves').textContent(), /Black has no legal move/);
  await page.locator('#horse-leg').scrollIntoViewIfNeeded();
  await screenshot(page, 'rules');
  assertNoErrors(page);
});

test('rules guide: play the checkmate and the perpetual-check cycle', async () => {
  const page = await newPage(env.browser);
  await page.goto(`${env.base}/rules#checkmate`);
  await boardReady(page, '#checkmate');
  await page.locator('#checkmate [data-square="b4"].movable').waitFor();
  await clickSquare(page, 'b4', '#checkmate');
  await clickSquare(page, 'e4', '#checkmate');
  await page.locator('#checkmate .s-moves', { hasText: /checkmated/i }).waitFor();
  await page.locator('#perpetual-check [data-action="cycle"]').click();
  await page.locator('#perpetual-check .s-moves', {
    hasText: "Red loses by perpetual check: Red's chariot checked on every move from move 1 to move 6 (R9+1, R9-1, …); Black's replies broke no rule.",
  }).waitFor({ timeout: 20000 });
  await screenshotOf(page.locator('#perpetual-check'), 'rules-repetition');
  assertNoErrors(page);
});

test('rules guide: play the perpetual chase and the check against the chase to their rulings', async () => {
  const page = await newPage(env.browser);
  await page.goto(`${env.base}/rules#repetition`);
  await boardReady(page, '#perpetual-chase');
  await boardReady(page, '#check-beats-chase');
  // Both cycles play at once, move by move, each to the server's ruling.
  await page.locator('#perpetual-chase [data-action="cycle"]').click();
  await page.locator('#check-beats-chase [data-action="cycle"]').click();
  await page.locator('#perpetual-chase .s-moves', {
    hasText: "Red loses by perpetual chase: Red's horse chased Black's chariot (a5) on every move from move 1 to move 6 (H6-7, H7+6, …); Black's replies broke no rule.",
  }).waitFor({ timeout: 20000 });
  await page.locator('#check-beats-chase .s-moves', {
    hasText: "Red loses by perpetual check: Red's cannon checked on every move from move 1 to move 6 (H5+4, H4-5, …); Black's cannon and horse chased Red's chariot (b6) meanwhile, but a perpetual check must change first.",
  }).waitFor({ timeout: 20000 });
  // The ruling leaves nothing to play, and the button is ready to play the cycle again.
  assert.equal(await page.locator('#perpetual-chase [data-square].movable').count(), 0);
  assert.equal(await page.locator('#perpetual-chase [data-action="cycle"]').textContent(), 'Play the cycle');
  await screenshotOf(page.locator('#perpetual-chase'), 'rules-perpetual-chase');
  await screenshotOf(page.locator('#check-beats-chase'), 'rules-check-beats-chase');
  assertNoErrors(page);
});

test('lobby lists a public room and hides a private one', async () => {
  const pub = await api(env.base, 'POST', '/api/rooms', { public: true, time_control: { initial_s: 300, increment_s: 3 } });
  assert.equal(pub.status, 201);
  const priv = await api(env.base, 'POST', '/api/rooms', { public: false });
  assert.equal(priv.status, 201);
  const page = await newPage(env.browser);
  await page.goto(`${env.base}/lobby`);
  await page.locator(`tr[data-room="${pub.json.code}"]`).waitFor();
  assert.match(await page.locator(`tr[data-room="${pub.json.code}"]`).textContent(), /5 min \+ 3 s/);
  assert.equal(await page.locator(`tr[data-room="${priv.json.code}"]`).count(), 0);
  await screenshot(page, 'lobby');
  // An unknown code is reported, not followed.
  page.allowStatus(404);
  await page.fill('#room-code', 'ZZZZZZ');
  await page.click('#code-form button[type="submit"]');
  await page.locator('#code-error', { hasText: 'no room' }).waitFor();
  assert.ok(page.url().endsWith('/lobby'));
  assertNoErrors(page);
});
