// @ts-check
/**
 * @file /@/{name}: a player's profile (GET /api/players/{name}): their wins, draws and
 * losses against people, ratings once they have rated games, and their finished games
 * newest first (GET /api/players/{name}/games, a page at a time: "More games"), each
 * linking to its page /game/{id}; all their games download as one PGN file
 * (GET /api/players/{name}/games.pgn).
 */
import { t } from './i18n.js';
import { request, ApiError } from './api.js';

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
 * @property {number} ended_at
 */

/** @param {string} id */
const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));

const page = {
  name: decodeURIComponent(location.pathname.slice('/@/'.length)),
  /** @type {string|null} */
  next: null,
};

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

/** @param {PlayedGame[]} games */
function addRows(games) {
  const body = $('games-body');
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
    cell(t(`profile.${g.result}`));
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

async function morePages() {
  const q = new URLSearchParams({ limit: '30' });
  if (page.next) q.set('after', page.next);
  const reply = await request('GET', `/api/players/${encodeURIComponent(page.name)}/games?${q}`);
  addRows(reply.games);
  page.next = reply.next;
  $('more').hidden = !page.next;
  $('games-empty').hidden = $('games-body').children.length > 0;
}

async function load() {
  const p = await request('GET', `/api/players/${encodeURIComponent(page.name)}`);
  $('name').textContent = p.name;
  document.title = `${p.name} — ${t('profile.player-xiangqi')}`;
  $('since').textContent = t('account.member-since', {
    date: new Date(p.created).toLocaleDateString(document.documentElement.lang || undefined),
  });
  $('results').textContent = t('profile.results-line', p.results);
  const ratings = Object.entries(p.ratings ?? {});
  $('ratings').textContent = ratings.length
    ? ratings.map(([c, r]) => `${t(`game-record.category-${c}`)} ${Math.round(r.rating)}${r.provisional ? '?' : ''}`).join(' · ')
    : t('profile.no-rated-games');
  /** @type {HTMLAnchorElement} */ ($('download')).href = `/api/players/${encodeURIComponent(p.name)}/games.pgn`;
  $('summary').hidden = false;
  $('history').hidden = false;
  await morePages();
}

$('more').addEventListener('click', () => {
  morePages().catch((e) => { $('profile-error').textContent = e instanceof Error ? e.message : String(e); });
});

try {
  await load();
} catch (e) {
  $('profile-error').textContent = e instanceof ApiError && e.status === 404
    ? t('profile.no-such-player', { name: page.name })
    : String(e instanceof Error ? e.message : e);
}
