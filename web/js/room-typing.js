// @ts-check
/**
 * @file What a player types into a room, checked as the server checks it before it is sent:
 * the display name (kept in this browser for every room) and a chat line. Expects the forms
 * `#name-form` (with `#name-input`) and `#chat-form` (with `#chat-input`) of play.html.
 */

import { loadJSON, saveJSON } from './api.js';
import { t } from './i18n.js';

/** The localStorage key of the display name this browser uses in every room. */
const NAME_KEY = 'xiangqi.name';
/** The most characters a display name may have (as the server checks). */
const NAME_MAX = 24;
/** The most characters a chat line may have (as the server checks). */
const CHAT_MAX = 300;

/**
 * Returns `typed` trimmed, or null when it is empty, longer than `max` characters or holds
 * a control character (as the server checks names and chat lines).
 * @param {string} typed
 * @param {number} max
 * @returns {string|null}
 */
function cleanText(typed, max) {
  const text = typed.trim();
  const chars = [...text].length;
  if (chars === 0 || chars > max || /[\u0000-\u001f\u007f-\u009f]/.test(text)) return null;
  return text;
}

/**
 * Returns the display name typed, trimmed, or null when it is empty, too long or holds
 * control characters (the server refuses those with `invalid_field`).
 * @param {string} typed
 * @returns {string|null}
 */
export function cleanName(typed) {
  return cleanText(typed, NAME_MAX);
}

/**
 * Returns the chat line typed, trimmed, or null when it is empty, longer than 300
 * characters or holds control characters (the server refuses those with `invalid_field`).
 * @param {string} typed
 * @returns {string|null}
 */
export function cleanChat(typed) {
  return cleanText(typed, CHAT_MAX);
}

/** @returns {string|null} the display name kept in this browser */
export function storedName() {
  const n = loadJSON(NAME_KEY);
  return typeof n === 'string' ? cleanName(n) : null;
}

/**
 * Keeps `name` as this browser's display name; null forgets it.
 * @param {string|null} name
 */
export function storeName(name) {
  saveJSON(NAME_KEY, name);
}

/**
 * Wires the name and chat forms: a typed line is checked, then sent (`chat`), a typed name
 * kept and sent (`name`, through `sendName`); what the server would refuse is said at once.
 * @param {{send: (msg: Record<string, unknown>) => boolean, sendName: () => void,
 *   showError: (text: string) => void}} room
 * @param {AbortSignal} signal removes the listeners when the room closes
 */
export function wireTyping(room, signal) {
  const nameInput = document.getElementById('name-input');
  if (nameInput instanceof HTMLInputElement) nameInput.value = storedName() ?? '';
  document.getElementById('chat-form')?.addEventListener('submit', (e) => {
    e.preventDefault();
    const input = document.getElementById('chat-input');
    if (!(input instanceof HTMLInputElement)) return;
    const text = cleanChat(input.value);
    if (text === null) {
      if (input.value.trim() !== '') room.showError(t('errors.invalid_chat'));
      return;
    }
    if (room.send({ t: 'chat', text })) input.value = '';
  }, { signal });
  document.getElementById('name-form')?.addEventListener('submit', (e) => {
    e.preventDefault();
    if (!(nameInput instanceof HTMLInputElement)) return;
    const name = cleanName(nameInput.value);
    if (name === null) {
      if (nameInput.value.trim() === '') storeName(null);
      else room.showError(t('errors.invalid_field'));
      return;
    }
    nameInput.value = name;
    storeName(name);
    room.sendName();
  }, { signal });
}
