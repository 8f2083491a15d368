// Rooms: create in the lobby, join from a second browser, play, reload mid-game; passwords.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { setUp, newPage, assertNoErrors, screenshot, boardReady, playByClicks, waitForPiece, pieceAt, api } from './lib/harness.mjs';

let env;
before(async () => { env = await setUp(); });
after(async () => { await env?.done(); });

test('two browsers create and join a room, play, and one reloads mid-game', async () => {
  const host = await newPage(env.browser);
  const guest = await newPage(env.browser);
  await host.goto(`${env.base}/lobby`);
  await host.check('#public');
  await host.click('#create-submit');
  await host.waitForURL(/\/play\/[A-Z0-9]+$/);
  const code = host.url().split('/').pop();
  assert.ok(await host.evaluate((c) => localStorage.getItem(`xiangqi.seat.${c}`), code), 'the creator\'s seat is stored');
  await boardReady(host, '#board');
  // Alone in the room: nobody to resign to or to offer a draw.
  await host.locator('#status', { hasText: /wait/i }).waitFor();
  assert.equal(await host.locator('#resign').isVisible(), false, 'no Resign before an opponent joins');
  assert.equal(await host.locator('#offer-draw').isVisible(), false, 'no draw offer before an opponent joins');

  // The second player finds the room in the lobby and joins it.
  await guest.goto(`${env.base}/lobby`);
  await guest.locator(`tr[data-room="${code}"] button`).click({ timeout: 10000 });
  await guest.waitForURL(new RegExp(`/play/${code}$`));
  assert.ok(await guest.evaluate((c) => localStorage.getItem(`xiangqi.seat.${c}`), code), 'the guest\'s seat is stored');
  await boardReady(guest, '#board');
  // Whoever holds Red can move first.
  const hostIsRed = await Promise.race([
    host.locator('#board [data-square="h2"].movable').waitFor().then(() => true),
    guest.locator('#board [data-square="h2"].movable').waitFor().then(() => false),
  ]);
  const red = hostIsRed ? host : guest;
  const black = hostIsRed ? guest : host;
  await host.locator('#resign').waitFor({ state: 'visible' });

  await playByClicks(red, 'h2e2', '#board');
  await waitForPiece(black, 'e2', 'C', '#board');
  await playByClicks(black, 'h9g7', '#board');
  await waitForPiece(red, 'g7', 'n', '#board');
  await playByClicks(red, 'h0g2', '#board');
  await waitForPiece(black, 'g2', 'N', '#board');

  // Black reloads in the middle of the game and carries on with the same seat.
  await black.reload();
  await boardReady(black, '#board');
  await waitForPiece(black, 'g2', 'N', '#board');
  await playByClicks(black, 'i9h9', '#board');
  await waitForPiece(red, 'h9', 'r', '#board');
  await playByClicks(red, 'i0h0', '#board');
  await waitForPiece(black, 'h0', 'R', '#board');

  const game = await (await fetch(`${env.base}/api/rooms/${code}/game`)).json();
  assert.deepEqual(game.moves, ['h2e2', 'h9g7', 'h0g2', 'i9h9', 'i0h0']);
  // Once joined, the room has left the lobby.
  const lobby = await api(env.base, 'GET', '/api/lobby');
  assert.ok(!lobby.json.rooms.some((r) => r.code === code));
  await screenshot(red, 'play-red');
  await screenshot(black, 'play-black');
  assertNoErrors(red);
  assertNoErrors(black);
});

test('a password room refuses a wrong password and admits the right one', async () => {
  const created = await api(env.base, 'POST', '/api/rooms', { password: 'plum blossom', public: true });
  assert.equal(created.status, 201);
  const code = created.json.code;
  const page = await newPage(env.browser);
  await page.goto(`${env.base}/lobby`);
  await page.fill('#room-code', code.toLowerCase());
  await page.click('#code-form button[type="submit"]');
  await page.locator('#password-dialog[open]').waitFor();
  page.allowStatus(403); // the refused join
  await page.fill('#join-password', 'wrong');
  await page.click('#password-submit');
  await page.locator('#password-error', { hasText: /wrong password/i }).waitFor();
  assert.ok(page.url().endsWith('/lobby'));
  assert.equal(await page.evaluate((c) => localStorage.getItem(`xiangqi.seat.${c}`), code), null);
  await screenshot(page, 'lobby-password');
  await page.fill('#join-password', 'plum blossom');
  await page.click('#password-submit');
  await page.waitForURL(new RegExp(`/play/${code}$`));
  assert.ok(await page.evaluate((c) => localStorage.getItem(`xiangqi.seat.${c}`), code));
  assertNoErrors(page);
});

test('the lobby form creates a timed private room with a password and casual rules', async () => {
  const page = await newPage(env.browser);
  await page.goto(`${env.base}/lobby#create`);
  await page.selectOption('#rules', 'casual');
  await page.check('input[name="timed"][value="yes"]');
  await page.fill('#initial-min', '3');
  await page.fill('#increment-s', '2');
  await page.fill('#create-password', 'tea');
  await page.click('#create-submit');
  await page.waitForURL(/\/play\/[A-Z0-9]+$/);
  const code = page.url().split('/').pop();
  const room = await api(env.base, 'GET', `/api/rooms/${code}`);
  assert.equal(room.status, 200);
  assert.equal(room.json.rules, 'casual');
  assert.deepEqual(room.json.time_control, { initial_s: 180, increment_s: 2 });
  assert.equal(room.json.has_password, true);
  assert.equal(room.json.public, false);
  await boardReady(page, '#board');
  assertNoErrors(page);
});

test('watching a password room asks for the password first', async () => {
  const created = await api(env.base, 'POST', '/api/rooms', { password: 'pine' });
  assert.equal(created.status, 201);
  const code = created.json.code;
  const guest = await api(env.base, 'POST', `/api/rooms/${code}/join`, { password: 'pine' });
  assert.equal(guest.status, 200);
  // Without the password the server shows a watcher nothing.
  const refused = await api(env.base, 'GET', `/api/rooms/${code}/game`);
  assert.equal(refused.status, 403);
  assert.equal(refused.json.error.code, 'password_needed');

  const page = await newPage(env.browser);
  await page.goto(`${env.base}/play/${code}`);
  await page.locator('#watch:not([hidden])').waitFor();
  assert.equal(await page.locator('#board [data-piece]').count(), 0, 'no position before the password');
  page.allowStatus(403); // the refused password
  await page.fill('#watch-password', 'wrong');
  await page.click('#watch-button');
  await page.locator('#watch-error', { hasText: /wrong password/i }).waitFor();
  await page.fill('#watch-password', 'pine');
  await page.click('#watch-button');
  await boardReady(page, '#board');
  await page.locator('#watch').waitFor({ state: 'hidden' });
  assert.equal(await page.evaluate((c) => localStorage.getItem(`xiangqi.seat.${c}`), code), null, 'watching takes no seat');
  // A reload keeps watching with the stored credential, without asking again.
  await page.reload();
  await boardReady(page, '#board');
  assert.ok(await page.locator('#watch').isHidden());
  assertNoErrors(page);
});

/**
 * Creates a room over the API (the creator plays Red, the guest Black) and opens it in two
 * browsers, each with its seat in localStorage as the lobby would have stored it, and the
 * display name of `names.red` / `names.black` if given.
 */
async function seatedRoom(names = {}) {
  const created = await api(env.base, 'POST', '/api/rooms', {});
  assert.equal(created.status, 201);
  const code = created.json.code;
  const joined = await api(env.base, 'POST', `/api/rooms/${code}/join`, {});
  assert.equal(joined.json.color, 'black');
  const open = async (seat, name) => {
    const page = await newPage(env.browser);
    await page.goto(`${env.base}/lobby`);
    await page.evaluate(([c, s, n]) => {
      localStorage.setItem(`xiangqi.seat.${c}`, s);
      if (n) localStorage.setItem('xiangqi.name', JSON.stringify(n));
    }, [code, seat, name]);
    await page.goto(`${env.base}/play/${code}`);
    await boardReady(page, '#board');
    return page;
  };
  return { code, red: await open(created.json.seat, names.red), black: await open(joined.json.seat, names.black) };
}

test('the player whose draw offer or new-game request is declined is told so', async () => {
  const { red, black } = await seatedRoom();
  await red.click('#offer-draw');
  await black.locator('#draw-answer:not([hidden])').waitFor();
  await black.click('#decline-draw');
  await red.locator('#offer-declined', { hasText: 'Your draw offer was declined.' }).waitFor();
  assert.ok(await black.locator('#offer-declined').isHidden(), 'the decliner gets no such note');
  // The note stays until the game moves on.
  await playByClicks(red, 'h2e2', '#board');
  await red.locator('#offer-declined').waitFor({ state: 'hidden' });

  await red.click('#resign');
  await red.click('#resign'); // the second click confirms
  await red.locator('#new-round:not([hidden])').waitFor();
  await red.click('#new-round');
  await black.locator('#round-answer:not([hidden])').waitFor();
  await black.click('#decline-round');
  await red.locator('#offer-declined', { hasText: 'Your request for a new game was declined.' }).waitFor();
  await screenshot(red, 'play-offer-declined');
  assertNoErrors(red);
  assertNoErrors(black);
});

test('a new round swaps the colours: the player who had Black moves first as Red; the match score follows the seats', async () => {
  const { code, red: first, black: second } = await seatedRoom();
  await first.locator('#player-bottom .name', { hasText: 'Red — you' }).waitFor();
  assert.equal(await first.locator('#match-score').isHidden(), true, 'no score before a round ends');
  await playByClicks(first, 'h2e2', '#board');
  await first.click('#resign');
  await first.click('#resign');
  await first.locator('#new-round:not([hidden])').waitFor();
  // The match score, each player's own points first.
  await first.locator('#match-score', { hasText: 'Match score: you 0, your opponent 1' }).waitFor();
  await second.locator('#match-score', { hasText: 'Match score: you 1, your opponent 0' }).waitFor();
  await first.click('#new-round');
  await second.locator('#round-answer:not([hidden])').waitFor();
  await second.click('#accept-round');
  // Each page now names its seat's new colour by its own clock, and turns the board.
  await first.locator('#player-bottom .name', { hasText: 'Black — you' }).waitFor();
  await second.locator('#player-bottom .name', { hasText: 'Red — you' }).waitFor();
  await waitForPiece(second, 'h2', 'C', '#board');
  assert.equal(await first.locator('#board [data-square="h2"].movable').count(), 0, 'Black may not move first');
  await playByClicks(second, 'h2e2', '#board');
  await waitForPiece(first, 'e2', 'C', '#board');
  await playByClicks(first, 'h9g7', '#board');
  await waitForPiece(second, 'g7', 'n', '#board');
  const game = await (await fetch(`${env.base}/api/rooms/${code}/game`)).json();
  assert.equal(game.round, 2);
  assert.equal(game.colors_swapped, true);
  assert.deepEqual(game.moves, ['h2e2', 'h9g7']);
  // The score follows the seats (the winner of round 1 now plays Red), and a watcher sees it
  // by colour.
  assert.equal(await first.locator('#match-score').textContent(), 'Match score: you 0, your opponent 1');
  assert.equal(await second.locator('#match-score').textContent(), 'Match score: you 1, your opponent 0');
  const watcher = await newPage(env.browser);
  await watcher.goto(`${env.base}/play/${code}`);
  await watcher.locator('#match-score', { hasText: 'Match score: Red 1, Black 0' }).waitFor();
  await screenshot(first, 'play-round2-swapped');
  assertNoErrors(first);
  assertNoErrors(second);
});

test('display names: kept in the browser, shown by each clock on the other side as text', async () => {
  const { code, red, black } = await seatedRoom({ black: 'Hoa' });
  // Black's stored name reaches the room on connecting; Red sees it by Black's clock.
  await red.locator('#player-top .pname', { hasText: 'Hoa' }).waitFor();
  // Red types a name with markup in it: it is shown as the characters typed.
  const typed = '<b>Lan</b> 兰';
  await red.fill('#name-input', `  ${typed}  `);
  await red.click('#name-button');
  await black.locator('#player-top .pname', { hasText: typed }).waitFor();
  assert.equal(await black.locator('#player-top .pname b').count(), 0, 'no markup made of a name');
  assert.equal(await red.locator('#player-bottom .pname').textContent(), typed);
  assert.equal(await red.evaluate(() => JSON.parse(localStorage.getItem('xiangqi.name') ?? 'null')), typed);
  // A watcher sees both names, and so does Black after a reload: the room keeps them.
  const watcher = await newPage(env.browser);
  await watcher.goto(`${env.base}/play/${code}`);
  await watcher.locator('#player-bottom .pname', { hasText: typed }).waitFor();
  await watcher.locator('#player-top .pname', { hasText: 'Hoa' }).waitFor();
  assert.ok(await watcher.locator('#name-form').isHidden(), 'a watcher has no name to give');
  await black.reload();
  await black.locator('#player-top .pname', { hasText: typed }).waitFor();
  await screenshot(black, 'play-names');
  assertNoErrors(red);
  assertNoErrors(black);
  assertNoErrors(watcher);
});

test('chat: a line typed by one player appears on the other side with the sender\'s name', async () => {
  const { code, red, black } = await seatedRoom({ red: 'Lan' });
  await black.locator('#player-top .pname', { hasText: 'Lan' }).waitFor();
  const watcher = await newPage(env.browser);
  await watcher.goto(`${env.base}/play/${code}`);
  await boardReady(watcher, '#board');
  assert.ok(await watcher.locator('#chat-form').isHidden(), 'watchers read, they do not write');
  const typed = 'good luck <i>friend</i>';
  await red.fill('#chat-input', typed);
  await red.press('#chat-input', 'Enter');
  const line = black.locator('#chat-lines li').first();
  await line.waitFor();
  assert.equal(await line.locator('.chat-who').textContent(), 'Lan');
  assert.equal(await line.locator('.chat-text').textContent(), typed, 'shown as typed, not as markup');
  assert.equal(await black.locator('#chat-lines i').count(), 0);
  assert.equal(await red.inputValue('#chat-input'), '', 'the field is emptied once sent');
  await watcher.locator('#chat-lines li .chat-text', { hasText: typed }).waitFor();
  // Black, without a name, answers under its colour.
  await black.fill('#chat-input', 'thanks');
  await black.click('#chat-send');
  await red.locator('#chat-lines li', { hasText: 'thanks' }).locator('.chat-who', { hasText: 'Black' }).waitFor();
  // A reload shows the room's lines again, in order.
  await black.reload();
  await black.locator('#chat-lines li').nth(1).waitFor();
  assert.deepEqual(await black.locator('#chat-lines .chat-text').allTextContents(), [typed, 'thanks']);
  await screenshot(black, 'play-chat');
  assertNoErrors(red);
  assertNoErrors(black);
  assertNoErrors(watcher);
});

test('the players see how many people watch, as watchers come and go', async () => {
  const { code, red, black } = await seatedRoom();
  assert.ok(await red.locator('#watchers').isHidden(), 'nobody watches yet');
  const first = await newPage(env.browser);
  await first.goto(`${env.base}/play/${code}`);
  await red.locator('#watchers', { hasText: '1 person watching' }).waitFor();
  await first.locator('#watchers', { hasText: '1 person watching' }).waitFor();
  const second = await newPage(env.browser);
  await second.goto(`${env.base}/play/${code}`);
  await black.locator('#watchers', { hasText: '2 people watching' }).waitFor();
  await second.close();
  await red.locator('#watchers', { hasText: '1 person watching' }).waitFor();
  await first.close();
  await red.locator('#watchers').waitFor({ state: 'hidden' });
  assertNoErrors(red);
  assertNoErrors(black);
});

test('the lobby lists the public games going on, and a click opens one to watch', async () => {
  const created = await api(env.base, 'POST', '/api/rooms', { public: true });
  const code = created.json.code;
  await api(env.base, 'POST', `/api/rooms/${code}/join`, {});
  const page = await newPage(env.browser);
  await page.goto(`${env.base}/lobby`);
  // Both seats are taken: the room has left the open rooms and is a game to watch.
  const row = page.locator(`#games tr[data-game="${code}"]`);
  await row.waitFor();
  assert.equal(await page.locator(`#rooms tr[data-room="${code}"]`).count(), 0);
  assert.match(await row.textContent() ?? '', /0 moves/);
  await screenshot(page, 'lobby-games');
  await row.locator('a', { hasText: 'Watch' }).click();
  await page.waitForURL(new RegExp(`/play/${code}$`));
  await boardReady(page, '#board');
  await page.locator('#status', { hasText: 'you are watching' }).waitFor();
  assertNoErrors(page);
});

test('a page never goes back: a repeated event is dropped and an older state asked for again', async () => {
  // Issue 30: a node running a room on an old copy could send a state one event older than
  // one the page had shown, taking a confirmed move off the board. Here the guest's socket
  // goes through a Playwright route that forwards both ways and, on cue, replays what the
  // server sent earlier.
  const host = await newPage(env.browser);
  const guest = await newPage(env.browser);
  /** @type {{v: number}[]} */
  const hellos = [];
  /** @type {string[]} */
  const fromServer = [];
  /** @type {import('playwright-core').WebSocketRoute | null} */
  let route = null;
  await guest.routeWebSocket(/\/ws\/rooms\//, (ws) => {
    route = ws;
    const server = ws.connectToServer();
    ws.onMessage((m) => {
      const msg = JSON.parse(String(m));
      if (msg.t === 'hello') hellos.push(msg);
      server.send(m);
    });
    server.onMessage((m) => {
      fromServer.push(String(m));
      ws.send(m);
    });
  });
  await host.goto(`${env.base}/lobby`);
  await host.check('#public');
  await host.click('#create-submit');
  await host.waitForURL(/\/play\/[A-Z0-9]+$/);
  const code = host.url().split('/').pop();
  await boardReady(host, '#board');
  await guest.goto(`${env.base}/lobby`);
  await guest.locator(`tr[data-room="${code}"] button`).click({ timeout: 10000 });
  await guest.waitForURL(new RegExp(`/play/${code}$`));
  await boardReady(guest, '#board');
  const hostIsRed = await Promise.race([
    host.locator('#board [data-square="h2"].movable').waitFor().then(() => true),
    guest.locator('#board [data-square="h2"].movable').waitFor().then(() => false),
  ]);
  assert.ok(hostIsRed, 'the creator plays Red by default');
  await playByClicks(host, 'h2e2', '#board');
  await waitForPiece(guest, 'e2', 'C', '#board');

  const parsed = fromServer.map((m) => JSON.parse(m));
  const firstState = fromServer[parsed.findIndex((m) => m.t === 'state')];
  const moveEvent = fromServer[parsed.findIndex((m) => m.t === 'event' && m.kind === 'move')];
  const moved = JSON.parse(moveEvent).v;
  assert.ok(JSON.parse(firstState).v < moved, 'the first state is older than the move');
  assert.equal(hellos.length, 1);

  // The same event again: nothing changes, nothing is asked.
  route.send(moveEvent);
  await guest.waitForTimeout(300);
  assert.equal(hellos.length, 1, 'a repeated event is dropped');
  assert.equal(await pieceAt(guest, 'e2', '#board'), 'C');

  // An older state: the page keeps the move and asks again from the move's event number.
  route.send(firstState);
  const deadline = Date.now() + 10000;
  while (hellos.length < 2 && Date.now() < deadline) await guest.waitForTimeout(50);
  assert.equal(hellos.length, 2, 'the page reconnected to ask again');
  assert.equal(hellos[1].v, moved, 'and named the last event it has');
  await waitForPiece(guest, 'e2', 'C', '#board');
  assert.equal(await pieceAt(guest, 'h2', '#board'), null, 'the move was never taken back');

  // Play goes on from the guest's side.
  await playByClicks(guest, 'h9g7', '#board');
  await waitForPiece(host, 'g7', 'n', '#board');
  assertNoErrors(host);
  assertNoErrors(guest);
});
