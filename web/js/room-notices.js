// @ts-check
/**
 * @file What a room's messages say to the player: the chat panel's lines, the words for an
 * event of the other player (joined, offers and their answers, a new round, an abort, a
 * claim), said through the page's live region, and the words for a refusal.
 */

import { errorParts, lookup, t } from './i18n.js';
import { toast } from './notices.js';

/** @typedef {import('./api.js').ServerMessage} ServerMessage */
/** @typedef {import('./api.js').ChatLine} ChatLine */

/** @param {string|null|undefined} c */
export const sideName = (c) => t(c === 'red' ? 'ruling.sides.red' : 'ruling.sides.black');

/**
 * Adds chat lines to the chat panel (after removing those shown, with `replace`). A line
 * is the writer's name (or colour) and the text, both as text, never as markup.
 * @param {ChatLine[]} lines
 * @param {boolean} [replace]
 */
export function showChat(lines, replace = false) {
  const list = document.getElementById('chat-lines');
  if (!list) return;
  if (replace) list.replaceChildren();
  for (const line of lines) {
    const li = document.createElement('li');
    const who = document.createElement('span');
    who.className = `chat-who ${line.color}`;
    who.textContent = line.name ?? sideName(line.color);
    const text = document.createElement('span');
    text.className = 'chat-text';
    text.textContent = line.text;
    li.append(who, ' ', text);
    list.append(li);
  }
  const empty = document.getElementById('chat-empty');
  if (empty) empty.hidden = list.childElementCount > 0;
  list.scrollTop = list.scrollHeight;
}

/**
 * Shows (or, with '', hides) the note that the other player declined this seat's offer;
 * the note stays until the game moves on (a move, an offer or a new round).
 * @param {string} text
 */
export function showDeclined(text) {
  const el = document.getElementById('offer-declined');
  if (text) toast(text);
  if (!el) return;
  el.hidden = !text;
  el.textContent = text;
}

/**
 * Says what an event means to the player in seat `you` (null: a watcher): a toast for the
 * other player's doings, the lasting "declined" note for a refusal of this seat's offer.
 * A chat event, a move and a name change say nothing here.
 * @param {ServerMessage} m an `event` message
 * @param {'red'|'black'|null} you
 */
export function announceEvent(m, you) {
  if (m.kind !== 'draw_decline' && m.kind !== 'new_round_decline' && m.kind !== 'name') showDeclined('');
  const mine = m.color && m.color === you;
  const who = m.color ? sideName(m.color) : '';
  switch (m.kind) {
    case 'joined':
      if (!mine) toast(t('room.joined', { who }));
      break;
    case 'draw_offer':
      if (!mine) toast(t('room.offers-draw', { who }));
      break;
    case 'draw_decline':
      // The declined offer was this seat's own: say so until the game moves on.
      if (!mine && you) showDeclined(t('room.draw-declined'));
      else if (!mine) toast(t('room.declined-draw', { who }));
      break;
    case 'new_round_request':
      if (!mine) toast(t('room.asks-new', { who }));
      break;
    case 'new_round_decline':
      if (!mine && you) showDeclined(t('room.new-declined'));
      else if (!mine) toast(t('room.declined-new', { who }));
      break;
    case 'new_round':
      toast(you && m.swap ? t('room.new-begins-swap', { side: sideName(you) }) : t('room.new-begins'));
      break;
    case 'abort':
      toast(t('room.aborted', { who }));
      break;
    case 'claim':
      toast(t('room.claimed', { who }));
      break;
    default:
      break;
  }
}

/**
 * The words for an `error` message of the room's socket: the page's words for its code (the
 * `errors` section of the language file), else the server's message; when to try again for
 * `engine_busy` (the server's engine serves as many games as it can).
 * @param {ServerMessage} m
 */
export function errorText(m) {
  if (m.code === 'engine_busy') return t('errors.engine_busy', { seconds: 1, ...errorParts(m) });
  if (m.code === 'invalid_field' && m.message?.startsWith('text:')) return t('errors.invalid_chat');
  const v = lookup(`errors.${m.code ?? ''}`);
  return typeof v === 'string' ? v : m.message ?? t('errors.refused');
}
