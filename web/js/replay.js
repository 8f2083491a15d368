// @ts-check
/**
 * @file /replay: step through a game from the form (a FEN, moves in ICCS, WXF or Chinese, a
 * PGN game or DhtmlXQ text, with an optional start FEN, read by the rules module), from a
 * file (XQF, PGN, DhtmlXQ: game-io.js), from `?moves=h2e2,h9g7&fen=…`, or a built-in
 * classic chosen in the Classics list (`?classic=juzhongmi`, the default; classics.js reads
 * them from web/classics/). First/back/forward/last buttons and the
 * arrow keys (Home/End) step through it; every position is asked of the rules module
 * (`position`, in the page) once. The game shown is exported as PGN or DhtmlXQ.
 */

import { t } from './i18n.js';
import { Board } from './board.js';
import { START_FEN } from './fen.js';
import { settingsPanel } from './board-settings.js';
import { MoveList } from './movelist.js';
import { ApiError } from './api.js';
import { PlyPositions } from './ply-positions.js';
import { loadClassics } from './classics.js';
import { activeCycle } from './cycle.js';
import { stepSpoken } from './game-view.js';
import { showResult, showWarning, describeStatus } from './game-status.js';
import { copyText } from './game-files.js';
import { readGame } from './xiangqi-wasm.js';
import { wireGameIo, importMessage } from './game-io.js';
import { showError as showErrorIn } from './notices.js';

/** @param {string} id */
const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));

/** Everything the page remembers. */
const page = {
  /** @type {{fen: string|null, moves: string[], classic: string|null, tags: [string, string][]}} */
  game: { fen: null, moves: [], classic: null, tags: [] },
  /** @type {import('./api.js').PositionInfo|null} */
  final: null,
  positions: new PlyPositions(null, []),
  ply: 0,
  /** Whether a position was shown: the one the page opens on is not announced. */
  opened: false,
  loadSeq: 0,
  /** @type {import('./classics.js').Classic[]} */
  classics: [],
};

const board = new Board($('board'), { interactive: false, label: t('replay.board') });
const list = new MoveList($('moves'), { onSelect: (p) => show(p) });

/**
 * Reads a list of ICCS moves ("h2e2 h9g7", "H2-E2, h9g7", with or without move numbers).
 * @param {string} text
 * @returns {string[]}
 */
export function parseMoves(text) {
  const out = [];
  for (const raw of text.split(/[\s,;]+/)) {
    const t = raw.trim().replace(/^\d+\.+/, '');
    if (!t || /^(\d+\.*|\.+|\*|1-0|0-1|1\/2-1\/2)$/.test(t)) continue;
    const m = /^([a-i])([0-9])-?([a-i])([0-9])$/i.exec(t);
    if (!m) throw new Error(`"${raw}" is not an ICCS move (such as h2e2).`);
    out.push((m[1] + m[2] + m[3] + m[4]).toLowerCase());
  }
  return out;
}

/** @param {number} p */
const fetchPly = (p) => page.positions.at(p);

/** Shows `text` (and its `problems`) in the page's error line, or hides it when empty. @param {string} text @param {string[]} [problems] */
function showError(text, problems = []) {
  showErrorIn($('error'), text, problems);
}

/** @param {{fen: string|null, moves: string[], classic?: string|null, tags?: [string, string][]}} g */
async function load(g) {
  const seq = ++page.loadSeq;
  const startFen = g.fen && g.fen.trim() !== START_FEN ? g.fen.trim() : null;
  page.game = { fen: startFen, moves: g.moves, classic: g.classic ?? null, tags: g.tags ?? [] };
  page.positions = new PlyPositions(page.game.fen, page.game.moves);
  page.final = null;
  showError('');
  const classic = page.classics.find((c) => c.id === page.game.classic);
  // An imported game's information: its players, event, date and result.
  const tag = (/** @type {string} */ name) => page.game.tags.find(([k]) => k === name)?.[1] ?? '';
  const players = [tag('Red'), tag('Black')].filter(Boolean).join(' – ');
  const info = [tag('Title'), players, tag('Event'), tag('Date'), tag('Result') && `Result ${tag('Result')}`]
    .filter(Boolean).join(' · ');
  $('about').hidden = !classic && !info;
  $('about').textContent = info;
  if (classic) aboutClassic(classic);
  /** @type {HTMLSelectElement} */ ($('classics')).value = classic ? classic.id : '';
  /** @type {HTMLTextAreaElement} */ ($('moves-input')).value = page.game.moves.join(' ');
  /** @type {HTMLInputElement} */ ($('fen-input')).value = page.game.fen ?? '';
  const q = new URLSearchParams();
  if (classic) q.set('classic', classic.id);
  else {
    q.set('moves', page.game.moves.join(','));
    if (page.game.fen) q.set('fen', page.game.fen);
  }
  history.replaceState(null, '', `${location.pathname}?${q}`);
  try {
    page.final = await fetchPly(page.game.moves.length);
  } catch (e) {
    if (seq !== page.loadSeq) return;
    if (e instanceof ApiError) showError(e.message, e.problems);
    else showError(String(e));
    return;
  }
  if (seq !== page.loadSeq) return;
  const fen = page.game.fen ?? START_FEN;
  list.set({
    iccs: page.game.moves,
    wxf: page.final.wxf,
    chinese: page.final.chinese,
    blackFirst: fen.split(/\s+/)[1] === 'b',
    firstNumber: Number(fen.split(/\s+/)[5]) || 1,
  });
  await show(classic ? page.game.moves.length : 0);
  // Fetch the other positions in the background so that stepping is instant.
  await page.positions.prefetch(() => seq === page.loadSeq);
}

/** @param {number} p */
async function show(p) {
  page.ply = Math.max(0, Math.min(p, page.game.moves.length));
  list.setCurrent(page.ply);
  const want = page.ply;
  /** @type {import('./api.js').PositionInfo} */
  let r;
  /** @type {import('./api.js').PositionInfo|null} */
  let before = null;
  try {
    r = await fetchPly(want);
    if (want > 0) before = await fetchPly(want - 1);
  } catch (e) {
    showError(e instanceof Error ? e.message : String(e));
    return;
  }
  if (want !== page.ply) return;
  const last = want > 0 ? page.game.moves[want - 1] : null;
  const moveText = want > 0 ? list.text(want - 1) : '';
  board.setPosition({ fen: r.fen, legal: [], check: r.check, lastMove: last }, {
    announce: page.opened && stepSpoken(want, before?.fen ?? null, last, { fen: r.fen, check: r.check, status: r.status }),
    animate: true,
  });
  page.opened = true;
  const turn = t(r.turn === 'red' ? 'ruling.sides.red' : 'ruling.sides.black');
  const over = r.status.result !== 'ongoing';
  // A recorded game that ended by resignation or on time: its result, at its last move.
  const recorded = !over && want === page.game.moves.length ? page.game.tags.find(([k]) => k === 'Result')?.[1] : undefined;
  const ending = recorded && RESULTS[recorded] ? t('replay.recorded', { result: recorded, words: t(RESULTS[recorded]) }) : '';
  const dot = /** @type {HTMLElement} */ ($('status').querySelector('.dot'));
  dot.className = `dot ${r.turn}`;
  /** @type {HTMLElement} */ ($('status').querySelector('.text')).textContent =
    want === 0
      ? t('replay.start', { side: turn })
      : t('analysis.move-of', { ply: want, count: page.game.moves.length, move: moveText })
        + (over ? t('replay.then', { what: describeStatus(r.status).title }) : r.check ? t('replay.check') : '') + ending;
  showResult($('banner'), r.status);
  showWarning($('warning'), r.status);
  list.setCycle(activeCycle(r.status));
  const q = new URLSearchParams({ fen: r.fen });
  /** @type {HTMLAnchorElement} */ ($('play-from')).href = `/local?${q}`;
}

/** @type {Record<string, string>} */
const RESULTS = { '1-0': 'replay.red-won', '0-1': 'replay.black-won', '1/2-1/2': 'replay.draw' };

/**
 * Shows a classic's players, event, year, result and description (with its source) in #about.
 * @param {import('./classics.js').Classic} c
 */
function aboutClassic(c) {
  const el = $('about');
  el.replaceChildren();
  const head = document.createElement('strong');
  head.className = 'classic-title';
  head.textContent = c.title;
  const facts = document.createElement('div');
  facts.className = 'classic-facts';
  // PGN's `?` is an unknown value (the players of a manual's line).
  const known = (/** @type {string} */ v) => Boolean(v) && v !== '?';
  facts.textContent = [[c.red, c.black].filter(known).join(' – '), c.event, c.year, c.result]
    .filter(known).join(' · ');
  const text = document.createElement('p');
  text.className = 'classic-description';
  text.textContent = c.description;
  el.append(head, facts, text);
  if (/^https:\/\//.test(c.source)) {
    const a = document.createElement('a');
    a.href = c.source;
    a.rel = 'noopener';
    a.textContent = t('replay.source');
    el.append(a);
  }
}

/** @param {import('./classics.js').Classic} c */
const loadClassic = (c) => load({ fen: c.fen, moves: c.moves, classic: c.id, tags: c.tags });

// Built-in classics: the list, filled once their files are read.
$('classics').addEventListener('change', () => {
  const c = page.classics.find((x) => x.id === /** @type {HTMLSelectElement} */ ($('classics')).value);
  if (c) loadClassic(c);
});

$('load-form').addEventListener('submit', async (e) => {
  e.preventDefault();
  const text = /** @type {HTMLTextAreaElement} */ ($('moves-input')).value.trim();
  const fen = /** @type {HTMLInputElement} */ ($('fen-input')).value.trim();
  if (!text && !fen) {
    showError(t('replay.paste-first'));
    return;
  }
  // Moves from another start: read as a PGN game with that [FEN] tag.
  const pasted = !fen ? text : !text ? fen : text.startsWith('[') ? text : `[FEN "${fen.replace(/["\\]/g, '')}"]\n\n${text}`;
  try {
    const g = await readGame(pasted);
    await load({ fen: g.fen, moves: g.moves, tags: g.tags });
  } catch (err) {
    showError(importMessage(err));
  }
});

$('flip').addEventListener('click', () => board.flip());
$('load-form').querySelector('[data-menu=copy-moves]')?.addEventListener('click', () => copyText(page.game.moves.join(' '), 'ICCS moves'));
wireGameIo($('io'), {
  onGame: (g) => load({ fen: g.fen, moves: g.moves, tags: g.tags }),
  game: () => {
    const result = page.final && page.final.status.result === 'ongoing' ? page.game.tags.find(([k]) => k === 'Result')?.[1] : undefined;
    const tags = page.game.tags.filter(([k]) => k !== 'Result');
    const classic = page.classics.find((c) => c.id === page.game.classic);
    if (!tags.some(([k]) => k === 'Event')) tags.unshift(['Event', 'Replay']);
    return { fen: page.game.fen, moves: page.game.moves, tags, result, name: classic ? `xiangqi-${classic.id}` : 'xiangqi-replay' };
  },
  onError: (m) => showError(m),
});
settingsPanel($('settings'));

list.stepWithPageKeys();

const params = new URLSearchParams(location.search);
const classicId = params.get('classic');
const movesParam = params.get('moves');
if (movesParam !== null && !classicId) {
  try {
    load({ fen: params.get('fen'), moves: parseMoves(movesParam) });
  } catch (err) {
    showError(err instanceof Error ? err.message : String(err));
  }
}
loadClassics().then(({ classics, errors }) => {
  page.classics = classics;
  const select = /** @type {HTMLSelectElement} */ ($('classics'));
  for (const c of classics) {
    const o = document.createElement('option');
    o.value = c.id;
    o.textContent = c.title;
    select.appendChild(o);
  }
  if (errors.length) showError(t('replay.classics-failed', { why: errors.join('; ') }));
  if (movesParam !== null && !classicId) return;
  const c = classics.find((x) => x.id === classicId) ?? classics[0];
  if (c) loadClassic(c);
});
