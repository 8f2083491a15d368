// @ts-check
/**
 * @file Quick pairing on /lobby (docs/protocol.md, "Quick pairing"): a clock preset (or a
 * custom one), rated for a signed-in player or casual, sent as POST /api/seeks; paired at
 * once, or waiting while GET /api/seeks/{id} is asked every 2 s (which keeps the seek
 * alive); once paired, the seat is stored as the lobby stores any seat and the page goes to
 * the room. Cancel, or leaving the page, cancels the seek (DELETE /api/seeks/{id}).
 */
import { t } from './i18n.js';
import { request, storeSeat } from './api.js';
import { cookieName } from './account-link.js';

/** @param {string} id */
const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));

const POLL_MS = 2000;

const pairing = {
  /** @type {string|null} the waiting seek */
  id: null,
  /** @type {number|undefined} */
  timer: undefined,
};

/** @param {{room: string, seat: string}} paired */
function goToRoom(paired) {
  storeSeat(paired.room, paired.seat);
  pairing.id = null;
  location.assign(`/play/${encodeURIComponent(paired.room)}`);
}

/** Shows whether a seek waits. @param {string|null} clock e.g. "5+3" */
function showSeeking(clock) {
  $('seeking').hidden = clock === null;
  $('seeking-text').textContent = clock === null ? '' : t('lobby.seeking', { clock });
  for (const b of document.querySelectorAll('#presets button, #custom-seek button')) {
    /** @type {HTMLButtonElement} */ (b).disabled = clock !== null;
  }
}

async function pollSeek() {
  const id = pairing.id;
  if (!id) return;
  try {
    const s = await request('GET', `/api/seeks/${id}`);
    if (s.status === 'paired') goToRoom(s);
    else pairing.timer = window.setTimeout(pollSeek, POLL_MS);
  } catch (e) {
    pairing.id = null;
    showSeeking(null);
    $('seek-error').textContent = e instanceof Error ? e.message : String(e);
  }
}

/** @param {number} initialS @param {number} incrementS */
async function seek(initialS, incrementS) {
  $('seek-error').textContent = '';
  const rated = !$('seek-rated-field').hidden && /** @type {HTMLInputElement} */ ($('seek-rated')).checked;
  const clock = `${initialS / 60}+${incrementS}`;
  showSeeking(clock);
  try {
    const s = await request('POST', '/api/seeks', { initial_ms: initialS * 1000, increment_ms: incrementS * 1000, rated });
    if (s.status === 'paired') {
      goToRoom(s);
      return;
    }
    pairing.id = s.id;
    pairing.timer = window.setTimeout(pollSeek, POLL_MS);
  } catch (e) {
    showSeeking(null);
    $('seek-error').textContent = e instanceof Error ? e.message : String(e);
  }
}

async function cancelSeek() {
  const id = pairing.id;
  window.clearTimeout(pairing.timer);
  pairing.id = null;
  showSeeking(null);
  if (!id) return;
  try {
    const s = await request('DELETE', `/api/seeks/${id}`);
    // Paired just before the cancel: the game has begun, go to it.
    if (s && s.status === 'paired') goToRoom(s);
  } catch {
    /* already gone */
  }
}

for (const b of document.querySelectorAll('#presets button')) {
  b.addEventListener('click', () => seek(Number(b.getAttribute('data-initial')), Number(b.getAttribute('data-increment'))));
}
$('custom-seek').addEventListener('submit', (ev) => {
  ev.preventDefault();
  const minutes = Number(/** @type {HTMLInputElement} */ ($('seek-minutes')).value);
  const increment = Number(/** @type {HTMLInputElement} */ ($('seek-increment')).value);
  if (!Number.isInteger(minutes) || minutes < 1 || minutes > 180) {
    $('seek-error').textContent = t('lobby.bad-minutes');
    return;
  }
  if (!Number.isInteger(increment) || increment < 0 || increment > 60) {
    $('seek-error').textContent = t('lobby.bad-increment');
    return;
  }
  seek(minutes * 60, increment);
});
$('cancel-seek').addEventListener('click', cancelSeek);
// A seek dies with its tab: cancelled at once where the browser lets the request go.
window.addEventListener('pagehide', () => {
  if (pairing.id) fetch(`/api/seeks/${pairing.id}`, { method: 'DELETE', keepalive: true }).catch(() => {});
});
$('seek-rated-field').hidden = !cookieName();
