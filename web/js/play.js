// @ts-check
/**
 * @file /play/{code}: a room. With a seat token for this code in localStorage
 * (`xiangqi.seat.<CODE>`, written by the lobby when the room was created or joined) the page
 * plays; otherwise it reads `GET /api/rooms/{code}` and, when a seat is free, offers a Join
 * button (with a password field when the room has one) calling `POST /api/rooms/{code}/join`;
 * meanwhile, and when both seats are taken, it watches.
 */

import { api, loadSeat, storeSeat, ApiError } from './api.js';
import { RoomGame } from './room.js';
import { copyText, pieceStyleToggle } from './game-ui.js';

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
/** @type {RoomGame|null} */
let room = null;

/** @param {string|null} seat */
function connect(seat) {
  room?.close();
  room = new RoomGame({
    code,
    seat,
    computerLevelNames: ['Beginner', 'Easy', 'Normal', 'Hard', 'Hardest'],
    onState: (g, you) => {
      // A seat taken meanwhile: the join form goes away.
      if (!you && g.players.red.seated && g.players.black.seated) $('join').hidden = true;
    },
  });
}

/** @param {{initial_s: number, increment_s: number}|null} tc */
function timeControl(tc) {
  if (!tc) return 'untimed';
  const min = tc.initial_s / 60;
  const initial = Number.isInteger(min) ? `${min} min` : `${tc.initial_s} s`;
  return tc.increment_s ? `${initial} + ${tc.increment_s} s per move` : initial;
}

async function start() {
  document.title = `Room ${code} — Xiangqi`;
  $('room-code-title').textContent = code;
  const link = `${location.origin}/play/${encodeURIComponent(code)}`;
  /** @type {HTMLInputElement} */ ($('invite-link')).value = link;
  /** @type {HTMLInputElement} */ ($('invite-code')).value = code;
  $('copy-link').addEventListener('click', () => copyText(link, 'Invitation link'));
  $('copy-code').addEventListener('click', () => copyText(code, 'Room code'));
  pieceStyleToggle(/** @type {HTMLInputElement} */ ($('letters')));

  const seat = loadSeat(code);
  /** @type {any} */
  let info = null;
  try {
    info = await api.get(`/api/rooms/${encodeURIComponent(code)}`);
  } catch (e) {
    if (e instanceof ApiError && e.status === 404) {
      const nf = $('not-found');
      nf.hidden = false;
      nf.textContent = `There is no room with the code ${code}. Check the code or create a room in the lobby.`;
      $('invite').hidden = true;
      /** @type {HTMLElement} */ ($('status').querySelector('.text')).textContent = 'No such room.';
      return;
    }
  }
  if (info) {
    const parts = [info.rules === 'wxf-2018' ? 'WXF 2018 rules' : `${info.rules} rules`, timeControl(info.time_control)];
    if (info.has_password) parts.push('password protected');
    if (info.public) parts.push('listed in the lobby');
    $('room-info').textContent = parts.join(' · ');
  }
  if (seat) {
    connect(seat);
    return;
  }
  connect(null);
  if (!info) return;
  const free = !info.seats.black ? 'black' : !info.seats.red ? 'red' : null;
  if (!free) return;
  const Free = free === 'red' ? 'Red' : 'Black';
  $('join-text').textContent = `The ${Free} seat is free: join to play ${Free}.`;
  $('join-button').textContent = `Join as ${Free}`;
  $('password-field').hidden = !info.has_password;
  $('join').hidden = false;
  $('join').addEventListener('submit', async (e) => {
    e.preventDefault();
    const err = $('join-error');
    err.hidden = true;
    const button = /** @type {HTMLButtonElement} */ ($('join-button'));
    button.disabled = true;
    try {
      const pw = /** @type {HTMLInputElement} */ ($('password')).value;
      const r = await api.post(`/api/rooms/${encodeURIComponent(code)}/join`, { password: info.has_password ? pw : null });
      if (r.seat) {
        storeSeat(code, r.seat);
        $('join').hidden = true;
        connect(r.seat);
      } else {
        $('join').hidden = true;
        $('error').hidden = false;
        $('error').textContent = 'Both seats were taken meanwhile: you are watching.';
      }
    } catch (ex) {
      err.hidden = false;
      err.textContent = ex instanceof ApiError && ex.code === 'wrong_password'
        ? 'Wrong password.'
        : ex instanceof Error ? ex.message : String(ex);
    } finally {
      button.disabled = false;
    }
  });
}

start();
