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
import { addGameRows } from './games-table.js';

/** @param {string} id */
const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));

const page = {
  name: decodeURIComponent(location.pathname.slice('/@/'.length)),
  /** @type {string|null} */
  next: null,
};

/** The line colour of each category in the rating graph. */
const LINE = { bullet: '#b3261e', blitz: '#1d4ed8', rapid: '#15803d', classical: '#7c3aed' };

/**
 * Draws the player's rating after each rated game (GET /api/players/{name}/rating-history)
 * as one line per category, oldest game on the left; nothing without rated games.
 * @param {{category: string, at: number, rating: number}[]} history
 */
function drawHistory(history) {
  if (!history.length) return;
  const svg = $('history-graph');
  const NS = 'http://www.w3.org/2000/svg';
  const [W, H, PAD] = [600, 160, 28];
  const ratings = history.map((p) => p.rating);
  const lo = Math.floor(Math.min(...ratings) / 50) * 50;
  const hi = Math.max(lo + 100, Math.ceil(Math.max(...ratings) / 50) * 50);
  const y = (/** @type {number} */ r) => H - PAD / 2 - ((r - lo) / (hi - lo)) * (H - PAD);
  const x = (/** @type {number} */ i) => PAD + (history.length === 1 ? (W - PAD) / 2 : (i / (history.length - 1)) * (W - PAD * 1.5));
  const parts = [];
  for (const [label, r] of [[String(hi), hi], [String(lo), lo]]) {
    const text = document.createElementNS(NS, 'text');
    text.setAttribute('x', '0');
    text.setAttribute('y', String(y(Number(r)) + 4));
    text.setAttribute('font-size', '11');
    text.setAttribute('fill', 'currentColor');
    text.textContent = String(label);
    parts.push(text);
  }
  for (const [category, colour] of Object.entries(LINE)) {
    const points = history.map((p, i) => ({ p, i })).filter(({ p }) => p.category === category);
    if (!points.length) continue;
    const line = document.createElementNS(NS, 'polyline');
    line.setAttribute('points', points.map(({ p, i }) => `${x(i).toFixed(1)},${y(p.rating).toFixed(1)}`).join(' '));
    line.setAttribute('fill', 'none');
    line.setAttribute('stroke', colour);
    line.setAttribute('stroke-width', '2');
    line.dataset.category = category;
    parts.push(line);
    for (const { p, i } of points) {
      const dot = document.createElementNS(NS, 'circle');
      dot.setAttribute('cx', x(i).toFixed(1));
      dot.setAttribute('cy', y(p.rating).toFixed(1));
      dot.setAttribute('r', '3');
      dot.setAttribute('fill', colour);
      parts.push(dot);
    }
  }
  svg.replaceChildren(...parts);
  const last = history[history.length - 1];
  svg.setAttribute('aria-label', `${t('profile.rating-history')}: ${Math.round(last.rating)}`);
  $('history-figure').hidden = false;
}

async function morePages() {
  const q = new URLSearchParams({ limit: '30' });
  if (page.next) q.set('after', page.next);
  const reply = await request('GET', `/api/players/${encodeURIComponent(page.name)}/games?${q}`);
  addGameRows($('games-body'), reply.games);
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
    ? ratings.map(([c, r]) => `${t(`game-record.category-${c}`)} ${Math.round(r.rating)}${r.provisional ? '?' : ''} (${r.games})`).join(' · ')
    : t('profile.no-rated-games');
  /** @type {HTMLAnchorElement} */ ($('download')).href = `/api/players/${encodeURIComponent(p.name)}/games.pgn`;
  $('summary').hidden = false;
  $('history').hidden = false;
  await morePages();
  if (ratings.length) {
    const h = await request('GET', `/api/players/${encodeURIComponent(page.name)}/rating-history`);
    drawHistory(h.history);
  }
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
