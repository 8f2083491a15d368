// @ts-check
/**
 * @file /players: the leaderboard (GET /api/leaderboard?category=C), the 50 best settled
 * ratings of a time category (bullet, blitz, rapid, classical; `#blitz` in the address picks
 * one, blitz by default), each name linking to the player's profile /@/{name}.
 */
import { request } from './api.js';

/** @param {string} id */
const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));

const CATEGORIES = ['bullet', 'blitz', 'rapid', 'classical'];

/** @param {string} category */
async function show(category) {
  for (const b of document.querySelectorAll('#categories [data-category]')) {
    b.setAttribute('aria-pressed', String(b.getAttribute('data-category') === category));
    b.classList.toggle('primary', b.getAttribute('data-category') === category);
  }
  $('board-error').textContent = '';
  /** @type {{players: {name: string, url: string, rating: number, games: number}[]}} */
  let board;
  try {
    board = await request('GET', `/api/leaderboard?category=${category}`);
  } catch (e) {
    $('board-error').textContent = e instanceof Error ? e.message : String(e);
    return;
  }
  const rows = board.players.map((p, i) => {
    const tr = document.createElement('tr');
    const a = document.createElement('a');
    a.href = p.url;
    a.textContent = p.name;
    for (const content of [String(i + 1), a, String(Math.round(p.rating)), String(p.games)]) {
      const td = document.createElement('td');
      td.append(content);
      tr.appendChild(td);
    }
    return tr;
  });
  $('board-body').replaceChildren(...rows);
  $('board-empty').hidden = rows.length > 0;
}

for (const b of document.querySelectorAll('#categories [data-category]')) {
  b.addEventListener('click', () => {
    const c = b.getAttribute('data-category') ?? 'blitz';
    history.replaceState(null, '', `#${c}`);
    show(c);
  });
}
const asked = location.hash.slice(1);
show(CATEGORIES.includes(asked) ? asked : 'blitz');
