// @ts-check
/**
 * @file /game/{id}: a finished online game's permanent page (GET /api/games/{id},
 * docs/protocol.md "Finished games"): both players (their accounts link to /@/{name}; a
 * deleted account shows as "deleted player"), the result and the ruling's explanation,
 * every move to step through (the move list, or the arrow keys), and links to analyse it,
 * open it on /replay and download its PGN.
 */
import { t } from './i18n.js';
import { Board } from './board.js';
import { START_FEN } from './fen.js';
import { settingsPanel } from './board-settings.js';
import { MoveList } from './movelist.js';
import { request, ApiError } from './api.js';
import { PlyPositions } from './ply-positions.js';
import { showResult, describeStatus } from './game-status.js';
import { analysisHref } from './game-files.js';

/**
 * One side of a finished game.
 * @typedef {{display_name: string|null, account: string|null, deleted: boolean}} Side
 */

/**
 * @typedef {object} GameRecord
 * @property {string} id
 * @property {string} pgn_url
 * @property {string} rules
 * @property {{initial_s: number, increment_s: number}|null} time_control
 * @property {string} category
 * @property {string} start_fen
 * @property {string[]} moves
 * @property {import('./api.js').GameStatus} status
 * @property {Side} red
 * @property {Side} black
 * @property {{level: number, color: 'red'|'black'}|null} computer
 * @property {number} ended_at
 */

/** @param {string} id */
const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));

const page = {
  board: new Board($('board'), { interactive: false, label: t('common.game-board') }),
  list: new MoveList($('moves'), { onSelect: (p) => show(p) }),
  positions: new PlyPositions(null, []),
  /** @type {GameRecord|null} */
  game: null,
  ply: 0,
  flipped: false,
};

/**
 * The name shown for one side: its account (a link to the profile), "deleted player", the
 * computer's level, the display name chosen in the room, or "anonymous".
 * @param {GameRecord} g
 * @param {'red'|'black'} color
 * @returns {HTMLElement}
 */
function nameOf(g, color) {
  const side = g[color];
  if (side.account) {
    const a = document.createElement('a');
    a.href = `/@/${encodeURIComponent(side.account)}`;
    a.textContent = side.account;
    return a;
  }
  const span = document.createElement('span');
  if (side.deleted) span.textContent = t('game-record.deleted-player');
  else if (g.computer?.color === color) span.textContent = t('game-record.computer-level', { level: g.computer.level });
  else span.textContent = side.display_name ?? t('game-record.anonymous');
  return span;
}

/** Puts each side's name by the board: Red at the bottom unless flipped. */
function drawPlayers() {
  const g = page.game;
  if (!g) return;
  /** @type {['red'|'black', 'red'|'black']} */
  const [bottom, top] = page.flipped ? ['black', 'red'] : ['red', 'black'];
  /** @type {[string, 'red'|'black'][]} */
  const slots = [['player-bottom', bottom], ['player-top', top]];
  for (const [slot, color] of slots) {
    const el = $(slot);
    /** @type {HTMLElement} */ (el.querySelector('.dot')).className = `dot ${color}`;
    const name = /** @type {HTMLElement} */ (el.querySelector('.name'));
    const label = document.createElement('span');
    label.textContent = `${t(color === 'red' ? 'ruling.sides.red' : 'ruling.sides.black')}: `;
    name.replaceChildren(label, nameOf(g, color));
  }
}

/** @param {number} p */
async function show(p) {
  const g = page.game;
  if (!g) return;
  page.ply = Math.max(0, Math.min(p, g.moves.length));
  page.list.setCurrent(page.ply);
  const want = page.ply;
  const r = await page.positions.at(want);
  if (want !== page.ply) return;
  page.board.setPosition({ fen: r.fen, legal: [], check: r.check, lastMove: want > 0 ? g.moves[want - 1] : null }, { animate: true });
  const dot = /** @type {HTMLElement} */ ($('status').querySelector('.dot'));
  dot.className = `dot ${r.turn}`;
  /** @type {HTMLElement} */ ($('status').querySelector('.text')).textContent = want === 0
    ? t('game-record.start')
    : t('analysis.move-of', { ply: want, count: g.moves.length, move: page.list.text(want - 1) });
}

/**
 * The game's facts in one line: rules, clock and category, date.
 * @param {GameRecord} g
 */
function about(g) {
  const category = t(`game-record.category-${g.category}`);
  const clock = g.time_control
    ? `${category} ${g.time_control.initial_s / 60}+${g.time_control.increment_s}`
    : category;
  const date = new Date(g.ended_at).toLocaleString(document.documentElement.lang || undefined);
  return [clock, g.rules === 'casual' ? t('lobby.casual') : t('lobby.wxf-2018'), date].join(' · ');
}

/** @param {GameRecord} g */
async function open(g) {
  page.game = g;
  const fen = g.start_fen === START_FEN ? null : g.start_fen;
  page.positions = new PlyPositions(fen, g.moves);
  // The heading says the result (no longer the page's fixed text).
  $('title').removeAttribute('data-i18n');
  $('title').textContent = describeStatus(g.status).title;
  const final = await page.positions.at(g.moves.length);
  page.list.set({
    iccs: g.moves,
    wxf: final.wxf,
    chinese: final.chinese,
    blackFirst: g.start_fen.split(/\s+/)[1] === 'b',
    firstNumber: Number(g.start_fen.split(/\s+/)[5]) || 1,
  });
  drawPlayers();
  showResult($('banner'), g.status);
  $('about').hidden = false;
  $('about').textContent = about(g);
  /** @type {HTMLAnchorElement} */ ($('analyse')).href = analysisHref(fen, g.moves);
  const q = new URLSearchParams({ moves: g.moves.join(',') });
  if (fen) q.set('fen', fen);
  /** @type {HTMLAnchorElement} */ ($('replay')).href = `/replay?${q}`;
  /** @type {HTMLAnchorElement} */ ($('pgn')).href = g.pgn_url;
  await show(g.moves.length);
  await page.positions.prefetch(() => page.game === g);
}

$('flip').addEventListener('click', () => {
  page.flipped = !page.flipped;
  page.board.flip();
  drawPlayers();
});
document.addEventListener('keydown', (e) => {
  if (e.target instanceof HTMLInputElement || e.target instanceof HTMLTextAreaElement) return;
  const step = { ArrowLeft: page.ply - 1, ArrowRight: page.ply + 1, Home: 0, End: Infinity }[e.key];
  if (step === undefined || !page.game) return;
  e.preventDefault();
  show(step);
});
settingsPanel($('settings'));

const id = decodeURIComponent(location.pathname.split('/')[2] ?? '');
try {
  await open(await request('GET', `/api/games/${encodeURIComponent(id)}`));
} catch (e) {
  const el = $('error');
  el.hidden = false;
  el.textContent = e instanceof ApiError && e.status === 404 ? t('game-record.no-such-game') : String(e instanceof Error ? e.message : e);
  /** @type {HTMLElement} */ ($('status').querySelector('.text')).textContent = '';
}
