// @ts-check
/**
 * @file /play/{code}: a room. With a seat token for this code in localStorage
 * (`xiangqi.seat.<CODE>`, written by the lobby when the room was created or joined) the page
 * plays; otherwise it reads `GET /api/rooms/{code}` and, when a seat is free, offers a Join
 * button (with a password field when the room has one) calling `POST /api/rooms/{code}/join`;
 * meanwhile, and when both seats are taken, it watches. A room with a password is watched
 * only with its watcher credential (`xiangqi.watch.<CODE>`, from creating or joining the room,
 * or from the Watch form, which sends the password to `/join` with `watch_only`).
 */

import { api, loadSeat, storeSeat, loadWatch, storeWatch, ApiError } from './api.js';
import { RoomGame } from './room.js';
import { t } from './i18n.js';
import { copyText } from './game-files.js';
import { settingsPanel } from './board-settings.js';

/** @param {string} id */
const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));

/**
 * Decodes a path segment; a malformed escape (`%E0%A4%A`) is kept as typed, so the server
 * answers "not found" instead of the page throwing.
 * @param {string} text
 * @returns {string}
 */
function safeDecode(text) {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

const code = safeDecode(location.pathname.replace(/\/+$/, '').split('/').pop() ?? '');
/** Everything the page remembers. */
const page = {
  /** @type {RoomGame|null} */
  room: null,
  /** The watcher credential of this room, when it has a password. */
  watch: loadWatch(code),
};

/** Shows the form that asks for the password to watch, without a connection meanwhile. */
function askPasswordToWatch() {
  page.room?.close();
  page.room = null;
  storeWatch(code, null);
  page.watch = null;
  /** @type {HTMLElement} */ ($('status').querySelector('.text')).textContent = t('play.enter-password');
  $('watch').hidden = false;
  /** @type {HTMLInputElement} */ ($('watch-password')).focus();
}

/** @param {string|null} seat */
function connect(seat) {
  page.room?.close();
  $('watch').hidden = true;
  page.room = new RoomGame({
    code,
    seat,
    watch: page.watch,
    onPasswordNeeded: askPasswordToWatch,
    computerLevelNames: ['beginner', 'easy', 'normal', 'hard', 'hardest'].map((l) => t(`computer.level-${l}`)),
    onState: (g, you) => {
      // A seat taken meanwhile: the join form goes away.
      if (!you && g.players.red.seated && g.players.black.seated) $('join').hidden = true;
    },
  });
}

/** @param {{initial_s: number, increment_s: number}|null} tc */
function timeControl(tc) {
  if (!tc) return t('time.untimed');
  const min = tc.initial_s / 60;
  const initial = Number.isInteger(min) ? t('time.min', { n: min }) : t('time.s', { n: tc.initial_s });
  return tc.increment_s ? t('time.per-move', { initial, n: tc.increment_s }) : initial;
}

/**
 * Runs `action` when the form `id` is submitted, with its button (`id-button`) disabled
 * meanwhile; an error is shown in `id-error`, a wrong password named as such.
 * @param {string} id
 * @param {() => Promise<void>} action
 */
function onSubmit(id, action) {
  $(id).addEventListener('submit', async (e) => {
    e.preventDefault();
    const err = $(`${id}-error`);
    err.hidden = true;
    const button = /** @type {HTMLButtonElement} */ ($(`${id}-button`));
    button.disabled = true;
    try {
      await action();
    } catch (ex) {
      err.hidden = false;
      err.textContent = ex instanceof ApiError && ex.code === 'wrong_password'
        ? t('play.wrong-password')
        : ex instanceof Error ? ex.message : String(ex);
    } finally {
      button.disabled = false;
    }
  });
}

async function start() {
  document.title = t('play.doc-title', { code });
  $('room-code-title').textContent = code;
  const link = `${location.origin}/play/${encodeURIComponent(code)}`;
  /** @type {HTMLInputElement} */ ($('invite-link')).value = link;
  /** @type {HTMLInputElement} */ ($('invite-code')).value = code;
  $('copy-link').addEventListener('click', () => copyText(link, t('play.invitation-link')));
  $('copy-code').addEventListener('click', () => copyText(code, t('common.room-code')));
  settingsPanel($('settings'));

  const seat = loadSeat(code);
  /** @type {any} */
  let info = null;
  try {
    info = await api.get(`/api/rooms/${encodeURIComponent(code)}`);
  } catch (e) {
    if (e instanceof ApiError && e.status === 404) {
      const nf = $('not-found');
      nf.hidden = false;
      nf.textContent = t('play.no-room', { code });
      $('invite').hidden = true;
      /** @type {HTMLElement} */ ($('status').querySelector('.text')).textContent = t('play.no-such-room');
      return;
    }
  }
  if (info) {
    const parts = [info.rules === 'wxf-2018' ? t('play.rules-wxf') : t('play.rules-other', { rules: info.rules }), timeControl(info.time_control)];
    // A rated room says so before anyone joins it: joining is agreeing to a rated game.
    if (info.rated) parts.push(t('play.rated-if-both-signed-in'));
    if (info.has_password) parts.push(t('play.protected'));
    if (info.public) parts.push(t('play.listed'));
    $('room-info').textContent = parts.join(' · ');
  }
  if (seat) {
    connect(seat);
    return;
  }
  onSubmit('watch', async () => {
    const pw = /** @type {HTMLInputElement} */ ($('watch-password')).value;
    const r = await api.post(`/api/rooms/${encodeURIComponent(code)}/join`, { password: pw, watch_only: true });
    page.watch = typeof r.watch === 'string' ? r.watch : null;
    storeWatch(code, page.watch);
    connect(null);
  });
  if (info?.has_password && !page.watch) askPasswordToWatch();
  else connect(null);
  if (!info) return;
  const free = !info.seats.black ? 'black' : !info.seats.red ? 'red' : null;
  if (!free) return;
  const Free = t(free === 'red' ? 'ruling.sides.red' : 'ruling.sides.black');
  $('join-text').textContent = t('play.seat-free', { side: Free });
  $('join-button').textContent = t('play.join-as', { side: Free });
  $('password-field').hidden = !info.has_password;
  $('join').hidden = false;
  onSubmit('join', async () => {
    const pw = /** @type {HTMLInputElement} */ ($('password')).value;
    const r = await api.post(`/api/rooms/${encodeURIComponent(code)}/join`, { password: info.has_password ? pw : null });
    if (typeof r.watch === 'string') {
      page.watch = r.watch;
      storeWatch(code, page.watch);
    }
    if (r.seat) {
      storeSeat(code, r.seat);
      $('join').hidden = true;
      connect(r.seat);
    } else {
      $('join').hidden = true;
      if (!page.room) connect(null);
      $('error').hidden = false;
      $('error').textContent = t('play.both-taken');
    }
  });
}

start();
