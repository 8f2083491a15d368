// @ts-check
/**
 * The lobby page (/lobby): create a room (POST /api/rooms), list open public rooms
 * (GET /api/lobby) and the public games going on, to watch (GET /api/games), read again each
 * time the server says they changed (GET /api/lobby/events, server-sent events; polled every
 * few seconds only while that stream is broken), join one or a room by code
 * (POST /api/rooms/{code}/join).
 * The seat token is stored under `xiangqi.seat.<CODE>` and the page goes to /play/<CODE>.
 */
import { t } from './i18n.js';
import { request, ApiError, storeSeat, loadSeat, storeWatch } from './api.js';
import { cookieName } from './account-link.js';

const POLL_MS = 3000;

/**
 * A lobby row's time control in words.
 * @param {{initial_s: number, increment_s: number} | null | undefined} tc
 */
function describeTimeControl(tc) {
  if (!tc) return t('time.untimed');
  const min = tc.initial_s / 60;
  const initial = Number.isInteger(min) ? t('time.min', { n: min }) : t('time.s', { n: tc.initial_s });
  return tc.increment_s ? t('time.plus', { initial, n: tc.increment_s }) : initial;
}

/** A lobby row's rule set in words. @param {string} rules */
function describeRules(rules) {
  if (rules === 'wxf-2018') return t('lobby.wxf-2018');
  if (rules === 'casual') return t('lobby.casual');
  return rules;
}

/** @template {HTMLElement} T @param {string} id @returns {T} */
function byId(id) {
  const el = document.getElementById(id);
  if (!el) throw new Error(`missing #${id}`);
  return /** @type {T} */ (el);
}

const createForm = /** @type {HTMLFormElement} */ (byId('create-form'));
const createError = byId('create-error');
const createSubmit = /** @type {HTMLButtonElement} */ (byId('create-submit'));
const tcFields = byId('tc-fields');
const ratedField = byId('rated-field');
const codeForm = /** @type {HTMLFormElement} */ (byId('code-form'));
const codeInput = /** @type {HTMLInputElement} */ (byId('room-code'));
const codeError = byId('code-error');
const roomsBody = byId('rooms-body');
const roomsEmpty = byId('rooms-empty');
const roomsTable = byId('rooms');
const lobbyError = byId('lobby-error');
const lobbyUpdated = byId('lobby-updated');
const dialog = /** @type {HTMLDialogElement} */ (byId('password-dialog'));
const passwordForm = /** @type {HTMLFormElement} */ (byId('password-form'));
const passwordInput = /** @type {HTMLInputElement} */ (byId('join-password'));
const passwordError = byId('password-error');
const passwordRoom = byId('password-room');

/** @param {string} code */
function goToRoom(code) {
  location.assign(`/play/${encodeURIComponent(code)}`);
}

/** @param {unknown} err */
function messageOf(err) {
  if (err instanceof ApiError) return err.message;
  return err instanceof Error ? err.message : String(err);
}

// ---- create a room ----------------------------------------------------------------------

function syncTimeControl() {
  const timed = /** @type {HTMLInputElement | null} */ (createForm.querySelector('input[name="timed"]:checked'));
  tcFields.hidden = !timed || timed.value !== 'yes';
  // Rated games need a clock and a signed-in creator (the guest too, or it is not rated).
  ratedField.hidden = tcFields.hidden || !cookieName();
}
createForm.addEventListener('change', syncTimeControl);
syncTimeControl();

createForm.addEventListener('submit', async (ev) => {
  ev.preventDefault();
  createError.textContent = '';
  const data = new FormData(createForm);
  /** @type {{initial_s: number, increment_s: number} | null} */
  let timeControl = null;
  if (data.get('timed') === 'yes') {
    const minutes = Number(data.get('initial_min'));
    const increment = Number(data.get('increment_s'));
    if (!Number.isInteger(minutes) || minutes < 1 || minutes > 180) {
      createError.textContent = t('lobby.bad-minutes');
      return;
    }
    if (!Number.isInteger(increment) || increment < 0 || increment > 60) {
      createError.textContent = t('lobby.bad-increment');
      return;
    }
    timeControl = { initial_s: minutes * 60, increment_s: increment };
  }
  const password = String(data.get('password') || '');
  const body = {
    rules: String(data.get('rules') || 'wxf-2018'),
    time_control: timeControl,
    password: password === '' ? null : password,
    public: data.get('public') === 'on',
    ...(timeControl && !ratedField.hidden && data.get('rated') === 'on' ? { rated: true } : {}),
  };
  createSubmit.disabled = true;
  try {
    const room = await request('POST', '/api/rooms', body);
    storeSeat(room.code, room.seat);
    storeWatch(room.code, room.watch);
    goToRoom(room.code);
  } catch (err) {
    createError.textContent = messageOf(err);
    createSubmit.disabled = false;
  }
});

// ---- joining --------------------------------------------------------------------------

/**
 * Joins a room (asking for its password when it has one) and goes to its page. A room in which
 * this browser already holds a seat is entered directly.
 * @param {string} code
 * @param {boolean | undefined} hasPassword  undefined: ask the server
 * @param {HTMLElement} errorBox
 */
async function join(code, hasPassword, errorBox) {
  errorBox.textContent = '';
  if (loadSeat(code)) {
    goToRoom(code);
    return;
  }
  if (hasPassword === undefined) {
    try {
      const room = await request('GET', `/api/rooms/${encodeURIComponent(code)}`);
      hasPassword = !!room.has_password;
      if (room.seats && room.seats.red && room.seats.black) {
        // Both seats taken: the play page shows the game to a watcher.
        goToRoom(code);
        return;
      }
    } catch (err) {
      errorBox.textContent = err instanceof ApiError && err.status === 404
        ? t('lobby.no-room', { code })
        : messageOf(err);
      return;
    }
  }
  if (hasPassword) {
    askPassword(code);
    return;
  }
  try {
    await sendJoin(code, null);
  } catch (err) {
    errorBox.textContent = messageOf(err);
  }
}

/** @param {string} code @param {string | null} password */
async function sendJoin(code, password) {
  const res = await request('POST', `/api/rooms/${encodeURIComponent(code)}/join`, { password });
  if (res && typeof res.seat === 'string') storeSeat(code, res.seat);
  if (res && typeof res.watch === 'string') storeWatch(code, res.watch);
  goToRoom(code);
}

/** Everything the page remembers. */
const page = {
  /** @type {string | null} */
  dialogCode: null,
  /** @type {number | undefined} */
  pollTimer: undefined,
};

/** @param {string} code */
function askPassword(code) {
  page.dialogCode = code;
  passwordRoom.textContent = code;
  passwordInput.value = '';
  passwordError.textContent = '';
  dialog.showModal();
  passwordInput.focus();
}

passwordForm.addEventListener('submit', async (ev) => {
  ev.preventDefault();
  if (!page.dialogCode) return;
  passwordError.textContent = '';
  if (!passwordInput.value) {
    passwordError.textContent = t('lobby.enter-password');
    return;
  }
  try {
    await sendJoin(page.dialogCode, passwordInput.value);
  } catch (err) {
    passwordError.textContent = err instanceof ApiError && err.code === 'wrong_password'
      ? t('lobby.wrong-password')
      : messageOf(err);
    passwordInput.select();
  }
});
byId('password-cancel').addEventListener('click', () => {
  page.dialogCode = null;
  dialog.close();
});

codeForm.addEventListener('submit', (ev) => {
  ev.preventDefault();
  const code = codeInput.value.trim().toUpperCase().replace(/^.*\/PLAY\//, '');
  if (!/^[A-Z0-9]{3,16}$/.test(code)) {
    codeError.textContent = t('lobby.bad-code');
    return;
  }
  join(code, undefined, codeError);
});

// ---- the list of open rooms -------------------------------------------------------------

/** @param {unknown} created */
function ago(created) {
  /** @type {number} */
  let ms;
  if (typeof created === 'number') ms = created < 1e12 ? created * 1000 : created;
  else if (typeof created === 'string') ms = Date.parse(created);
  else return '';
  if (!Number.isFinite(ms)) return '';
  const s = Math.max(0, Math.round((Date.now() - ms) / 1000));
  if (s < 60) return t('time.just-now');
  if (s < 3600) return t('time.min-ago', { n: Math.floor(s / 60) });
  if (s < 86400) return t('time.h-ago', { n: Math.floor(s / 3600) });
  return t('time.d-ago', { n: Math.floor(s / 86400) });
}

/**
 * Returns a room's first three cells: its code, its rules and its clock (with a "Rated"
 * badge when its games between two signed-in players are rated).
 * @param {{code: string, rules: string, time_control: any, rated?: boolean}} room
 * @returns {HTMLTableCellElement[]}
 */
function roomCells(room) {
  const code = document.createElement('td');
  code.className = 's-code';
  code.textContent = room.code;
  const rules = document.createElement('td');
  rules.textContent = describeRules(room.rules);
  const tc = document.createElement('td');
  tc.textContent = describeTimeControl(room.time_control);
  if (room.rated) {
    const badge = document.createElement('span');
    badge.className = 's-badge';
    badge.dataset.rated = '';
    badge.textContent = t('room.rated-game');
    tc.append(' ', badge);
  }
  return [code, rules, tc];
}

/**
 * @param {Array<{code: string, rules: string, time_control: any, has_password: boolean, rated?: boolean, created_at: unknown}>} rooms
 */
function renderRooms(rooms) {
  const rows = rooms.map((room) => {
    const tr = document.createElement('tr');
    tr.dataset.room = room.code;
    const [code, rules, tc] = roomCells(room);
    if (room.has_password) {
      const badge = document.createElement('span');
      badge.className = 's-badge';
      badge.textContent = t('lobby.password-badge');
      badge.title = t('lobby.password-needed');
      code.append(' ', badge);
    }
    const when = document.createElement('td');
    when.className = 's-when';
    when.textContent = ago(room.created_at);
    const action = document.createElement('td');
    const btn = document.createElement('button');
    btn.type = 'button';
    btn.className = 's-btn small primary';
    btn.textContent = t('lobby.join');
    btn.setAttribute('aria-label', t(room.has_password ? 'lobby.join-room-password' : 'lobby.join-room', { code: room.code }));
    btn.addEventListener('click', () => join(room.code, room.has_password, lobbyError));
    action.append(btn);
    tr.append(code, rules, tc, when, action);
    return tr;
  });
  roomsBody.replaceChildren(...rows);
  roomsEmpty.hidden = rooms.length > 0;
  roomsTable.hidden = rooms.length === 0;
}

/**
 * Lists the public games going on (GET /api/games), each with a link to watch it.
 * @param {Array<{code: string, rules: string, time_control: any, rated?: boolean, round: number, moves: number}>} games
 */
function renderGames(games) {
  const rows = games.map((game) => {
    const tr = document.createElement('tr');
    tr.dataset.game = game.code;
    const [code, rules, tc] = roomCells(game);
    const progress = document.createElement('td');
    const moves = t(game.moves === 1 ? 'game.one-move' : 'game.moves', { n: game.moves });
    progress.textContent = game.round > 1 ? t('lobby.round', { round: game.round, moves }) : moves;
    const action = document.createElement('td');
    const link = document.createElement('a');
    link.className = 's-btn small';
    link.href = `/play/${encodeURIComponent(game.code)}`;
    link.textContent = t('common.watch');
    link.setAttribute('aria-label', t('lobby.watch-room', { code: game.code }));
    action.append(link);
    tr.append(code, rules, tc, progress, action);
    return tr;
  });
  byId('games-body').replaceChildren(...rows);
  byId('games-empty').hidden = games.length > 0;
  byId('games').hidden = games.length === 0;
}


async function poll() {
  try {
    const [res, watch] = await Promise.all([request('GET', '/api/lobby'), request('GET', '/api/games')]);
    renderRooms(Array.isArray(res && res.rooms) ? res.rooms : []);
    renderGames(Array.isArray(watch && watch.games) ? watch.games : []);
    lobbyError.textContent = '';
    lobbyUpdated.textContent = t('lobby.updated', { time: new Date().toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', second: '2-digit' }) });
  } catch (err) {
    lobbyError.textContent = t('lobby.list-failed', { why: messageOf(err) });
  }
  clearTimeout(page.pollTimer);
  if (!document.hidden && updates.readyState !== EventSource.OPEN) page.pollTimer = window.setTimeout(poll, POLL_MS);
}

/** The server says when the lists may have changed; while the stream is broken (the server is
 * away), the page polls, says so, and the stream comes back by itself. */
const updates = new EventSource('/api/lobby/events');
updates.addEventListener('lobby', () => { if (!document.hidden) poll(); });
updates.addEventListener('error', () => { if (!document.hidden) poll(); });

document.addEventListener('visibilitychange', () => {
  if (!document.hidden) poll();
  else clearTimeout(page.pollTimer);
});

poll();
if (location.hash === '#create') {
  /** @type {HTMLElement | null} */ (createForm.querySelector('select'))?.focus();
}
