// Optional accounts (web/account.html, js/account.js, js/account-link.js): the header's
// "Sign in" link, sign-up, the name in every page's header, sign-out, a wrong password, a
// password change and deletion, as a player does them in the page.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { setUp, newPage, assertNoErrors, screenshot, boardReady, playByClicks, signUp, api } from './lib/harness.mjs';

let env;
before(async () => { env = await setUp(); });
after(async () => { await env?.done(); });

const PASSWORD = 'horse-leg-77';

test('a player signs up, sees the name on every page, signs out and in, changes the password and deletes the account', async () => {
  const page = await newPage(env.browser);
  /** @type {string[]} */
  const asked = [];
  page.on('request', (r) => { if (r.url().endsWith('/api/session')) asked.push(r.method()); });
  await page.goto(`${env.base}/`);
  const link = page.locator('#account-link');
  await assert.doesNotReject(link.waitFor());
  assert.equal(await link.textContent(), 'Sign in');
  await page.waitForLoadState('networkidle');
  assert.deepEqual(asked, [], 'a browser never signed in does not ask who is signed in');

  await link.click();
  await page.waitForURL(`${env.base}/account`);
  await page.locator('#signed-out').waitFor();
  assert.equal(await page.locator('#signed-in').isHidden(), true);
  // A name that breaks the rules is refused with the reason, and nothing is created.
  page.allowStatus(422);
  await page.fill('#sign-up-name', 'a b');
  await page.fill('#sign-up-password', PASSWORD);
  await page.click('#sign-up-submit');
  await page.waitForFunction(() => document.querySelector('#sign-up-error')?.textContent);
  assert.match(await page.locator('#sign-up-error').textContent(), /name/);
  await page.fill('#sign-up-name', 'RiverCrosser');
  await page.fill('#sign-up-password', PASSWORD);
  await page.click('#sign-up-submit');
  await page.locator('#signed-in').waitFor();
  assert.equal(await page.locator('#me-name').textContent(), 'RiverCrosser');
  assert.equal(await link.textContent(), 'RiverCrosser');
  await screenshot(page, 'account-signed-in');
  // The session cookie is out of the page's reach; only the name is readable.
  const cookies = await page.evaluate(() => document.cookie);
  assert.match(cookies, /xq_name=RiverCrosser/);
  assert.doesNotMatch(cookies, /xq_session/);

  // Every page's header shows the name (confirmed by the server).
  await page.goto(`${env.base}/lobby`);
  await page.waitForFunction(() => document.querySelector('#account-link')?.textContent === 'RiverCrosser');
  assert.equal(await page.locator('#account-link').getAttribute('href'), '/account');

  // Sign out, then a wrong password, then the right one (the name in another case).
  await page.goto(`${env.base}/account`);
  await page.locator('#signed-in').waitFor();
  await page.click('#sign-out');
  await page.locator('#signed-out').waitFor();
  assert.equal(await link.textContent(), 'Sign in');
  page.allowStatus(401);
  await page.fill('#sign-in-name', 'rivercrosser');
  await page.fill('#sign-in-password', 'not-the-password');
  await page.click('#sign-in-submit');
  await page.waitForFunction(() => document.querySelector('#sign-in-error')?.textContent);
  assert.equal(await page.locator('#sign-in-error').textContent(), 'no account has this name and password');
  await page.fill('#sign-in-name', 'rivercrosser');
  await page.fill('#sign-in-password', PASSWORD);
  await page.click('#sign-in-submit');
  await page.locator('#signed-in').waitFor();
  assert.equal(await link.textContent(), 'RiverCrosser');

  // A second browser signed in to the account is signed out by a password change.
  const other = await newPage(env.browser);
  await other.goto(`${env.base}/account`);
  await other.fill('#sign-in-name', 'RiverCrosser');
  await other.fill('#sign-in-password', PASSWORD);
  await other.click('#sign-in-submit');
  await other.locator('#signed-in').waitFor();

  await page.fill('#password-current', PASSWORD);
  await page.fill('#password-new', 'a-better-password');
  await page.click('#password-submit');
  await page.waitForFunction(() => document.querySelector('#password-done')?.textContent);
  assert.equal(await page.locator('#me-name').textContent(), 'RiverCrosser');
  other.allowStatus(401);
  await other.goto(`${env.base}/lobby`);
  await other.waitForFunction(() => document.querySelector('#account-link')?.textContent === 'Sign in');
  assert.equal(await other.evaluate(() => document.cookie), '', 'the dead session\'s cookies are cleared');

  // Deleting asks for the password and a confirmation; then the name cannot sign in.
  page.once('dialog', (d) => d.accept());
  await page.fill('#delete-password', 'a-better-password');
  await page.click('#delete-submit');
  await page.locator('#signed-out').waitFor();
  assert.equal(await link.textContent(), 'Sign in');
  await page.fill('#sign-in-name', 'RiverCrosser');
  await page.fill('#sign-in-password', 'a-better-password');
  await page.click('#sign-in-submit');
  await page.waitForFunction(() => document.querySelector('#sign-in-error')?.textContent);
  assertNoErrors(page);
  assertNoErrors(other);
  await page.context().close();
  await other.context().close();
});

test('the account page fits a phone and says what is wrong in the page\'s language', async () => {
  const phone = await newPage(env.browser, { width: 360, height: 640, locale: 'zh-CN' });
  await phone.goto(`${env.base}/account`);
  await phone.locator('#signed-out').waitFor();
  const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `no horizontal scrolling (overflow ${overflow}px)`);
  assert.equal(await phone.locator('#account-link').textContent(), '登录');
  await phone.fill('#sign-up-name', 'admin');
  await phone.fill('#sign-up-password', PASSWORD);
  phone.allowStatus(422);
  await phone.click('#sign-up-submit');
  await phone.waitForFunction(() => document.querySelector('#sign-up-error')?.textContent);
  assert.match(await phone.locator('#sign-up-error').textContent(), /用户名为 3 到 20 个字符/);
  await screenshot(phone, 'account-phone-zh');
  assertNoErrors(phone);
  await phone.context().close();
});

test('two signed-in players finish a game: it appears on both profiles and on its own page', async () => {
  const player = (/** @type {string} */ name) => signUp(env.browser, env.base, name, PASSWORD);
  const red = await player('RedCannon');
  const black = await player('BlackHorse');
  // Red opens a room and Black joins it, each in their own browser (their cookies go along).
  const code = await red.evaluate(async () => {
    const r = await fetch('/api/rooms', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    const j = await r.json();
    localStorage.setItem(`xiangqi.seat.${j.code}`, j.seat);
    return j.code;
  });
  await black.evaluate(async (c) => {
    const r = await fetch(`/api/rooms/${c}/join`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    localStorage.setItem(`xiangqi.seat.${c}`, (await r.json()).seat);
  }, code);
  for (const p of [red, black]) {
    await p.goto(`${env.base}/play/${code}`);
    await boardReady(p, '#board');
  }
  await playByClicks(red, 'h2e2', '#board');
  await black.locator('#board [data-square="e2"]').waitFor();
  await black.click('#resign');
  await black.click('#resign');
  await red.locator('#new-round:not([hidden])').waitFor();

  // The winner's profile lists the game; its page shows both players and the result.
  await red.goto(`${env.base}/@/redcannon`);
  await red.locator('#games-body tr').first().waitFor();
  assert.equal(await red.locator('#name').textContent(), 'RedCannon');
  assert.match(await red.locator('#results').textContent(), /^1 won, 0 drawn, 0 lost/);
  assert.equal(await red.locator('#games-body tr').count(), 1);
  assert.ok(await red.locator('#more').isHidden(), 'one page: no "More games"');
  assert.equal(await red.locator('#games-body tr').first().getAttribute('data-result'), 'win');
  await screenshot(red, 'profile');
  await red.locator('#games-body tr a.s-btn').click();
  await red.waitForURL(/\/game\/[A-Z0-9]{10}$/);
  await red.locator('#player-top .name a').waitFor();
  assert.match(await red.locator('#title').textContent(), /Red wins/i);
  assert.equal(await red.locator('#player-bottom .name a').textContent(), 'RedCannon');
  assert.equal(await red.locator('#player-top .name a').textContent(), 'BlackHorse');
  assert.match(await red.locator('#analyse').getAttribute('href'), /moves=h2e2/);
  const pgn = await red.locator('#pgn').getAttribute('href');
  assert.match(pgn, /^\/api\/games\/[A-Z0-9]{10}\.pgn$/);
  const text = await (await fetch(env.base + pgn)).text();
  assert.match(text, /\[Result "1-0"\]/);
  await screenshot(red, 'game-record');
  // The loser's profile lists the same game as lost.
  await black.goto(`${env.base}/@/BlackHorse`);
  await black.locator('#games-body tr').first().waitFor();
  assert.equal(await black.locator('#games-body tr').first().getAttribute('data-result'), 'loss');
  assertNoErrors(red);
  assertNoErrors(black);
  await red.context().close();
  await black.context().close();
});

test('without an account, /account lists the games this browser played', async () => {
  const page = await newPage(env.browser);
  await page.goto(`${env.base}/lobby`);
  const created = await api(env.base, 'POST', '/api/rooms', {});
  const joined = await api(env.base, 'POST', `/api/rooms/${created.json.code}/join`, {});
  await page.evaluate(([c, s]) => localStorage.setItem(`xiangqi.seat.${c}`, s), [created.json.code, created.json.seat]);
  await page.goto(`${env.base}/play/${created.json.code}`);
  await boardReady(page, '#board');
  // The other player, in another browser, also without an account.
  const other = await newPage(env.browser);
  await other.goto(`${env.base}/lobby`);
  await other.evaluate(([c, s]) => localStorage.setItem(`xiangqi.seat.${c}`, s), [created.json.code, joined.json.seat]);
  await other.goto(`${env.base}/play/${created.json.code}`);
  await boardReady(other, '#board');
  await playByClicks(page, 'h2e2', '#board');
  await other.locator('#resign').waitFor({ state: 'visible' });
  await other.click('#resign');
  await other.click('#resign');
  await page.locator('#round-record:not([hidden]) a').waitFor();
  await page.goto(`${env.base}/account`);
  await page.locator('#my-games:not([hidden]) #my-games-body tr').first().waitFor();
  assert.equal(await page.locator('#my-games-body tr').count(), 1);
  assert.equal(await page.locator('#my-games-body tr').first().getAttribute('data-result'), 'win');
  assertNoErrors(page);
  assertNoErrors(other);
  await page.context().close();
  await other.context().close();
});
