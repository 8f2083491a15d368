// @ts-check
/**
 * @file The table of a player's finished games (docs/protocol.md, "Players"), on the profile
 * (/@/{name}) and on /account ("Games played in this browser", without an account).
 */
import { t } from './i18n.js';

/**
 * One of the player's games, from their side (docs/protocol.md, "Players").
 * @typedef {object} PlayedGame
 * @property {string} url
 * @property {'red'|'black'} color
 * @property {{display_name: string|null, account: string|null, deleted: boolean}} opponent
 * @property {{level: number}|null} computer
 * @property {'win'|'draw'|'loss'|'aborted'} result
 * @property {string|null} reason
 * @property {string} category
 * @property {number} plies
 * @property {number|null} [rating_change] the player's, in a rated game
 * @property {number} ended_at
 */

/** @param {PlayedGame} g @returns {Node} */
function opponent(g) {
  const o = g.opponent;
  if (o.account) {
    const a = document.createElement('a');
    a.href = `/@/${encodeURIComponent(o.account)}`;
    a.textContent = o.account;
    return a;
  }
  if (o.deleted) return document.createTextNode(t('game-record.deleted-player'));
  if (g.computer) return document.createTextNode(t('game-record.computer-level', { level: g.computer.level }));
  return document.createTextNode(o.display_name ?? t('game-record.anonymous'));
}

/**
 * Adds a row per game to `body`: date, opponent, result (with the rating change of a rated
 * game), category and length, and a link to the game's page.
 * @param {HTMLElement} body
 * @param {PlayedGame[]} games
 */
export function addGameRows(body, games) {
  for (const g of games) {
    const tr = document.createElement('tr');
    const cell = (/** @type {Node|string} */ content, cls = '') => {
      const td = document.createElement('td');
      if (cls) td.className = cls;
      td.append(content);
      tr.appendChild(td);
    };
    cell(new Date(g.ended_at).toLocaleDateString(document.documentElement.lang || undefined));
    cell(opponent(g));
    const change = typeof g.rating_change === 'number' ? Math.round(g.rating_change) : null;
    cell(change === null ? t(`profile.${g.result}`) : `${t(`profile.${g.result}`)} (${change >= 0 ? '+' : '−'}${Math.abs(change)})`);
    cell(`${t(`game-record.category-${g.category}`)} · ${t('profile.plies', { n: g.plies })}`, 's-when');
    const a = document.createElement('a');
    a.className = 's-btn';
    a.href = g.url;
    a.textContent = t('profile.open');
    cell(a);
    tr.dataset.result = g.result;
    body.appendChild(tr);
  }
}

