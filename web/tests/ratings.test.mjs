// Rated games (issue 28): two signed-in players open a rated 5+3 room from the lobby, play
// it to a result, see their new ratings at the end of the game and on their profiles (with
// the graph), and the numbers equal Glicko-2 computed here, independently, from the same
// inputs (Glickman, "Example of the Glicko-2 system", 2012).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { setUp, newPage, assertNoErrors, screenshot, boardReady, playByClicks, signUp } from './lib/harness.mjs';

let env;
before(async () => { env = await setUp(); });
after(async () => { await env?.done(); });

const PASSWORD = 'soldier-crosses-river';

/**
 * One Glicko-2 rating period with one game: the player's new rating and deviation.
 * @param {{r: number, rd: number, sigma: number}} me
 * @param {{r: number, rd: number}} them
 * @param {number} score 1, ½ or 0
 */
function glicko2(me, them, score, tau = 0.5) {
  const Q = 173.7178;
  const [mu, phi, mu2, phi2] = [(me.r - 1500) / Q, me.rd / Q, (them.r - 1500) / Q, them.rd / Q];
  const g = 1 / Math.sqrt(1 + (3 * phi2 * phi2) / (Math.PI * Math.PI));
  const E = 1 / (1 + Math.exp(-g * (mu - mu2)));
  const v = 1 / (g * g * E * (1 - E));
  const delta = v * g * (score - E);
  const a = Math.log(me.sigma * me.sigma);
  const f = (/** @type {number} */ x) => (Math.exp(x) * (delta * delta - phi * phi - v - Math.exp(x)))
    / (2 * (phi * phi + v + Math.exp(x)) ** 2) - (x - a) / (tau * tau);
  let A = a;
  let B;
  if (delta * delta > phi * phi + v) B = Math.log(delta * delta - phi * phi - v);
  else {
    let k = 1;
    while (f(a - k * tau) < 0) k++;
    B = a - k * tau;
  }
  let [fA, fB] = [f(A), f(B)];
  while (Math.abs(B - A) > 1e-6) {
    const C = A + ((A - B) * fA) / (fB - fA);
    const fC = f(C);
    if (fC * fB <= 0) { A = B; fA = fB; } else fA /= 2;
    B = C;
    fB = fC;
  }
  const sigma = Math.exp(A / 2);
  const phiStar = Math.sqrt(phi * phi + sigma * sigma);
  const phiNew = 1 / Math.sqrt(1 / (phiStar * phiStar) + 1 / v);
  return { rating: Q * (mu + phiNew * phiNew * g * (score - E)) + 1500, deviation: Q * phiNew };
}

test('a rated game from the lobby: both see their new ratings, equal to Glicko-2 computed here', async () => {
  const player = (/** @type {string} */ name) => signUp(env.browser, env.base, name, PASSWORD);
  const host = await player('HostGeneral');
  const guest = await player('GuestAdvisor');
  await host.goto(`${env.base}/lobby`);
  await host.check('input[name="timed"][value="yes"]');
  await host.fill('#initial-min', '5');
  await host.fill('#increment-s', '3');
  await host.locator('#rated-field').waitFor();
  await host.check('#rated');
  await host.check('#public');
  await host.click('#create-submit');
  await host.waitForURL(/\/play\/[A-Z0-9]+$/);
  const code = host.url().split('/').pop();
  await guest.goto(`${env.base}/lobby`);
  // The lobby's list marks the room rated before anyone joins.
  await guest.locator(`#rooms tr[data-room="${code}"] [data-rated]`, { hasText: 'Rated' }).waitFor();
  await guest.fill('#room-code', code);
  await guest.click('#code-form button[type="submit"]');
  await guest.waitForURL(new RegExp(`/play/${code}$`));
  for (const p of [host, guest]) await boardReady(p, '#board');
  // The room says it is rated to whoever comes in.
  await guest.locator('#room-info', { hasText: 'Rated (when both players are signed in)' }).waitFor();
  const hostIsRed = await Promise.race([
    host.locator('#board [data-square="h2"].movable').waitFor().then(() => true),
    guest.locator('#board [data-square="h2"].movable').waitFor().then(() => false),
  ]);
  const [red, black] = hostIsRed ? [host, guest] : [guest, host];
  await playByClicks(red, 'h2e2', '#board');
  await black.locator('#board [data-square="e2"]').waitFor();
  await black.locator('#resign').waitFor({ state: 'visible' });
  await black.click('#resign');
  await black.click('#resign');

  const fresh = { r: 1500, rd: 350, sigma: 0.06 };
  const won = glicko2(fresh, fresh, 1);
  const lost = glicko2(fresh, fresh, 0);
  const change = Math.round(won.rating - 1500);
  for (const p of [red, black]) {
    await p.locator('#round-record:not([hidden])').waitFor();
    const line = await p.locator('#round-record').textContent();
    assert.ok(line.includes(`Red ${Math.round(won.rating)} (+${change})`), line);
    assert.ok(line.includes(`Black ${Math.round(lost.rating)} (−${change})`), line);
  }
  await screenshot(red, 'rated-game-over');

  // The profiles: the rating to the hundredth, and the graph.
  const redName = hostIsRed ? 'HostGeneral' : 'GuestAdvisor';
  const profile = await (await fetch(`${env.base}/api/players/${redName}`)).json();
  assert.ok(Math.abs(profile.ratings.blitz.rating - won.rating) < 0.01, `${profile.ratings.blitz.rating} vs ${won.rating}`);
  assert.ok(Math.abs(profile.ratings.blitz.deviation - won.deviation) < 0.01);
  await red.goto(`${env.base}/@/${redName}`);
  await red.locator('#history-figure:not([hidden]) circle').first().waitFor();
  assert.equal(await red.locator('#history-graph polyline[data-category="blitz"]').count(), 1);
  assert.match(await red.locator('#ratings').textContent(), new RegExp(`Blitz ${Math.round(won.rating)}\\?`));
  assert.match(await red.locator('#games-body tr').first().textContent(), /Won \(\+\d+\)/);
  await screenshot(red, 'profile-rated');
  // The game page from the room's link.
  await black.locator('#round-record a').click();
  await black.waitForURL(/\/game\/[A-Z0-9]{10}$/);
  await black.locator('#player-top .name a, #player-bottom .name a').first().waitFor();
  // Provisional ratings stay off the leaderboard.
  await black.goto(`${env.base}/players#blitz`);
  await black.locator('#board-empty:not([hidden])').waitFor();
  assertNoErrors(host);
  assertNoErrors(guest);
  await host.context().close();
  await guest.context().close();
});

test('quick pairing: two signed-in players press 5+3 rated, are paired into one room and play a rated game', async () => {
  const player = (/** @type {string} */ name) => signUp(env.browser, env.base, name, PASSWORD);
  const a = await player('QuickRed');
  const b = await player('QuickBlack');
  for (const p of [a, b]) {
    await p.goto(`${env.base}/lobby`);
    await p.locator('#seek-rated-field').waitFor();
    await p.check('#seek-rated');
  }
  await a.click('#presets button:text-is("5+3")');
  await a.locator('#seeking:not([hidden])').waitFor();
  assert.match(await a.locator('#seeking-text').textContent(), /5\+3/);
  await b.click('#presets button:text-is("5+3")');
  await Promise.all([a.waitForURL(/\/play\/[A-Z0-9]+$/), b.waitForURL(/\/play\/[A-Z0-9]+$/)]);
  assert.equal(a.url(), b.url(), 'one room for both');
  for (const p of [a, b]) await boardReady(p, '#board');
  const aIsRed = await Promise.race([
    a.locator('#board [data-square="h2"].movable').waitFor().then(() => true),
    b.locator('#board [data-square="h2"].movable').waitFor().then(() => false),
  ]);
  const [red, black] = aIsRed ? [a, b] : [b, a];
  await playByClicks(red, 'h2e2', '#board');
  await black.locator('#board [data-square="e2"]').waitFor();
  await black.locator('#resign').waitFor({ state: 'visible' });
  await black.click('#resign');
  await black.click('#resign');
  const fresh = { r: 1500, rd: 350, sigma: 0.06 };
  const won = glicko2(fresh, fresh, 1);
  await red.locator('#round-record:not([hidden])').waitFor();
  assert.ok((await red.locator('#round-record').textContent()).includes(`Red ${Math.round(won.rating)}`));
  // The game is on both profiles and downloads as PGN.
  for (const name of ['QuickRed', 'QuickBlack']) {
    const games = await (await fetch(`${env.base}/api/players/${name}/games`)).json();
    assert.equal(games.games.length, 1, name);
    assert.equal(games.games[0].rated, true);
  }
  const redName = aIsRed ? 'QuickRed' : 'QuickBlack';
  const profile = await (await fetch(`${env.base}/api/players/${redName}`)).json();
  assert.ok(Math.abs(profile.ratings.blitz.rating - won.rating) < 0.01);
  const games = await (await fetch(`${env.base}/api/players/${redName}/games`)).json();
  const pgn = await fetch(`${env.base}/api/games/${games.games[0].id}.pgn`);
  assert.equal(pgn.status, 200);
  assert.match(await pgn.text(), /\[Result "1-0"\]/);
  assertNoErrors(a);
  assertNoErrors(b);
  await a.context().close();
  await b.context().close();
});

test('quick pairing: a seek can be cancelled, and one left alone waits', async () => {
  const page = await newPage(env.browser);
  await page.goto(`${env.base}/lobby`);
  assert.ok(await page.locator('#seek-rated-field').isHidden(), 'rated needs an account');
  await page.click('#presets button:text-is("1+0")');
  await page.locator('#seeking:not([hidden])').waitFor();
  await page.click('#cancel-seek');
  await page.locator('#seeking').waitFor({ state: 'hidden' });
  assert.equal(await page.locator('#presets button:text-is("1+0")').isEnabled(), true);
  // The phone layout keeps the clocks on the screen, three a row.
  const phone = await newPage(env.browser, { width: 360, height: 640 });
  await phone.goto(`${env.base}/lobby`);
  const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `no horizontal scrolling (overflow ${overflow}px)`);
  await screenshot(phone, 'lobby-pairing-phone');
  assertNoErrors(page);
  assertNoErrors(phone);
  await page.context().close();
  await phone.context().close();
});
