// @ts-check
/**
 * @file /analysis: the analysis board. Everything runs in the page — the rules module
 * (`localPosition`, `readGame`) and the engine's Web Worker (engine.js) — so after the page
 * has loaded it needs no server.
 *
 * - The game: a start FEN and a line of ICCS moves, from the text box (FEN, moves in ICCS,
 *   WXF or Chinese, PGN or DhtmlXQ, read by `readGame`), from a file (XQF, PGN, DhtmlXQ:
 *   game-io.js) or from `?fen=<start FEN>&moves=<ICCS,…>` (the game opens at its last
 *   move). The URL follows the line, so it can be shared; the line is exported as PGN or
 *   DhtmlXQ.
 * - Stepping: the move list's buttons and moves, and ←/→/Home/End anywhere but in a field.
 * - Variations, the simple way: a move played on the board from an earlier position that is
 *   not the line's next move cuts the line after the viewed position and appends the move
 *   (the line's next move just steps forward).
 * - Continuous analysis of the viewed position: N best lines (1–3), searched in rounds of
 *   growing think time (analysis-rounds.js); the display follows each completed iteration.
 *   Changing the position stops the search (`engine.stop()`) and starts afresh.
 * - Scores are shown from Red's point of view (the engine's are for the side to move):
 *   `+1.25` is Red ahead by one and a quarter soldiers' worth (125 centipawns), `M3` Red
 *   mates in three moves, `-M3` Black does (analysis-score.js). The bar is Red's expected
 *   score; the lines and the bar are drawn by analysis-lines.js.
 * - Review (analysis-review.js): every position searched with a fixed effort, each move
 *   judged by the expected score it gives away once the game has left the opening book, an
 *   SVG graph and a summary per side. Changing the line drops the review.
 *
 * The page's state is one object, `page`; the helpers are given what they draw.
 */

import { t } from './i18n.js';
import { localPosition, readGame, WasmError } from './xiangqi-wasm.js';
import { Engine } from './engine.js';
import { Board } from './board.js';
import { parseFen, START_FEN } from './fen.js';
import { settingsPanel } from './board-settings.js';
import { moveSoundKind, playSound } from './sound-switch.js';
import { MoveList } from './movelist.js';
import { onNotationChange } from './notation.js';
import { wireGameIo, importMessage } from './game-io.js';
import { stepSpoken } from './game-view.js';
import { showResult, describeStatus } from './game-status.js';
import { renderLines as drawLines, renderEval as drawEval } from './analysis-lines.js';
import { searchRounds } from './analysis-rounds.js';
import { searchLine, judge, drawGraph as drawReviewGraph, renderSummary as drawSummary } from './analysis-review.js';
import { copyText } from './game-files.js';
import { showError as showErrorIn } from './notices.js';

/** @typedef {import('./api.js').PositionInfo} PositionInfo */
/** @typedef {import('./analysis-lines.js').Line} Line */
/** @typedef {import('./analysis-review.js').Review} Review */

/** @param {string} id */
const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));

/** Everything the page remembers. */
const page = {
  /** @type {{startFen: string|null, moves: string[]}} the line (start null = the start position) */
  game: { startFen: null, moves: [] },
  /** The viewed ply (0 = the start). */
  ply: 0,
  /** Whether a position was shown: the one the page opens on is not announced. */
  opened: false,
  /** The line's positions, by ply, each asked of the rules module once. */
  /** @type {Map<number, Promise<PositionInfo>>} */
  cache: new Map(),
  /** Bumped by each `show`, so that a slower earlier one does not draw over it. */
  showSeq: 0,
  engineOn: true,
  /** Bumped whenever the analysed position changes or analysis stops. */
  analysisSeq: 0,
  /** @type {(Line|null)[]} the best lines of the analysed position */
  lines: [],
  /** @type {PositionInfo|null} the analysed position */
  analysed: null,
  /** @type {Review|null} */
  review: null,
  /** @type {{cancelled: boolean}|null} a review running */
  reviewing: null,
  /** @type {{fen: string, move: string}|null} the move just played on the board, to be sounded once shown */
  played: null,
};

const engine = new Engine();
const board = new Board($('board'), { label: t('common.analysis-board'), onMove: (m) => playMove(m) });
const list = new MoveList($('moves'), { onSelect: (p) => show(p) });

// ------------------------------------------------------------------ the line

/** @param {number} p */
function positionAt(p) {
  let r = page.cache.get(p);
  if (!r) {
    r = localPosition(page.game.startFen, page.game.moves.slice(0, p));
    page.cache.set(p, r);
    r.catch(() => page.cache.delete(p));
  }
  return r;
}

/** @param {string} text @param {string[]} [problems] */
const showError = (text, problems = []) => showErrorIn($('error'), text, problems);

const lineKey = () => `${page.game.startFen ?? ''}|${page.game.moves.join(',')}`;

/**
 * Shows a new line and views ply `at` (default: its last position).
 * @param {{startFen: string|null, moves: string[]}} g
 * @param {number} [at]
 * @param {number} [keep] positions of the old line still valid (a cut line keeps its prefix)
 * @returns {Promise<boolean>} false when the rules module refused the line
 */
async function setLine(g, at, keep = -1) {
  const startFen = g.startFen && g.startFen.trim() !== START_FEN ? g.startFen.trim() : null;
  /** @type {PositionInfo} */
  let info;
  try {
    info = await localPosition(startFen, g.moves);
  } catch (e) {
    if (e instanceof WasmError) showError(e.message, e.problems);
    else showError(String(e));
    return false;
  }
  const sameStart = (startFen ?? '') === (page.game.startFen ?? '');
  if (page.reviewing && `${startFen ?? ''}|${g.moves.join(',')}` !== lineKey()) {
    // The line reviewed is gone.
    page.reviewing.cancelled = true;
    engine.stop();
  }
  const old = page.cache;
  page.game = { startFen, moves: [...g.moves] };
  page.cache = new Map();
  if (sameStart) for (const [p, r] of old) if (p <= keep) page.cache.set(p, r);
  page.cache.set(page.game.moves.length, Promise.resolve(info));
  if (page.review && page.review.key !== lineKey()) dropReview();
  showError('');
  const fen = startFen ?? START_FEN;
  list.set({
    iccs: page.game.moves,
    wxf: info.wxf,
    chinese: info.chinese,
    blackFirst: fen.split(/\s+/)[1] === 'b',
    firstNumber: Number(fen.split(/\s+/)[5]) || 1,
    notes: page.review?.notes,
  });
  const q = new URLSearchParams();
  if (startFen) q.set('fen', startFen);
  q.set('moves', page.game.moves.join(','));
  history.replaceState(null, '', `${location.pathname}?${q}`);
  /** @type {HTMLButtonElement} */ ($('review')).disabled = page.game.moves.length === 0 || !!page.reviewing;
  await show(at ?? page.game.moves.length);
  return true;
}

/**
 * Views ply `p` of the line and analyses it.
 * @param {number} p
 * @param {boolean} [animate]
 */
async function show(p, animate = true) {
  const want = Math.max(0, Math.min(p, page.game.moves.length));
  const changed = want !== page.ply || !page.analysed;
  page.ply = want;
  list.setCurrent(want);
  const seq = ++page.showSeq;
  /** @type {PositionInfo} */
  let r;
  /** @type {PositionInfo|null} */
  let before = null;
  try {
    r = await positionAt(want);
    if (want > 0) before = await positionAt(want - 1);
  } catch (e) {
    showError(e instanceof Error ? e.message : String(e));
    return;
  }
  if (seq !== page.showSeq) return;
  const over = r.status.result !== 'ongoing';
  const last = want > 0 ? page.game.moves[want - 1] : null;
  board.setPosition({ fen: r.fen, legal: over ? [] : r.legal, check: r.check, lastMove: last }, {
    announce: page.opened && stepSpoken(want, before?.fen ?? null, last, { fen: r.fen, check: r.check, status: r.status }),
    animate,
  });
  page.opened = true;
  const played = page.played;
  if (played && last === played.move && want > 0) {
    playSound(moveSoundKind({ capture: parseFen(played.fen).pieces.has(last.slice(2, 4)), check: r.check, over }));
  }
  page.played = null;
  showStatus(r, want);
  showResult($('banner'), r.status);
  /** @type {HTMLAnchorElement} */ ($('play-from')).href = `/local?${new URLSearchParams({ fen: r.fen })}`;
  drawGraph();
  if (changed || !page.analysed || page.analysed.fen !== r.fen) analyse(r);
}

/**
 * Writes the status line: where in the line the board is, and who moves or how it ended.
 * @param {PositionInfo} r
 * @param {number} at
 */
function showStatus(r, at) {
  const over = r.status.result !== 'ongoing';
  const turn = t(r.turn === 'red' ? 'ruling.sides.red' : 'ruling.sides.black');
  const dot = /** @type {HTMLElement} */ ($('status').querySelector('.dot'));
  dot.className = `dot ${over ? (r.status.result === 'black' ? 'black' : 'red') : r.turn}`;
  /** @type {HTMLElement} */ ($('status').querySelector('.text')).textContent =
    t('analysis.status', {
      where: at === 0 ? t('common.start-position') : t('analysis.move-of', { ply: at, count: page.game.moves.length, move: list.text(at - 1) }),
      what: over ? describeStatus(r.status).title : t(r.check ? 'game.to-move-check' : 'game.to-move', { side: turn }),
    });
}

/** @param {string} m ICCS, a legal move of the viewed position */
function playMove(m) {
  page.played = { fen: board.fen, move: m };
  if (page.game.moves[page.ply] === m) {
    show(page.ply + 1, false);
    return;
  }
  setLine({ startFen: page.game.startFen, moves: [...page.game.moves.slice(0, page.ply), m] }, page.ply + 1, page.ply);
}

// ------------------------------------------------------------------ analysis

/** Stops the running analysis, if any (a review keeps the engine). */
function stopAnalysis() {
  page.analysisSeq++;
  if (!page.reviewing) engine.stop();
}

/**
 * Starts analysing a position (stopping the search of the previous one).
 * @param {PositionInfo} info
 */
function analyse(info) {
  stopAnalysis();
  page.analysed = info;
  page.lines = [];
  renderEval();
  renderLines();
  if (!page.engineOn || page.reviewing) return;
  if (info.status.result !== 'ongoing') {
    $('engine-info').textContent = t('analysis.over');
    return;
  }
  const seq = page.analysisSeq;
  searchRounds({
    engine,
    startFen: page.game.startFen,
    moves: page.game.moves.slice(0, page.ply),
    info,
    lines: page.lines,
    wanted: wantedLines,
    current: () => seq === page.analysisSeq,
    onLine: (k) => {
      if (k === 0) renderEval();
      renderLines();
    },
    onStatus: (text) => {
      $('engine-info').textContent = text;
    },
  });
}

function wantedLines() {
  return Number(/** @type {HTMLSelectElement} */ ($('lines-count')).value) || 1;
}

/** Redraws the evaluation bar from the best line. */
function renderEval() {
  drawEval($('evalbar'), page.analysed, page.lines[0], page.engineOn);
}

/** Redraws the best lines. */
function renderLines() {
  const at = page.ply;
  drawLines($('lines'), () => ({
    lines: page.lines,
    info: page.analysed,
    startFen: page.game.startFen,
    before: page.game.moves.slice(0, at),
    engineOn: page.engineOn,
  }));
}

/** @param {boolean} on */
function setEngine(on) {
  page.engineOn = on;
  const b = $('engine-toggle');
  b.setAttribute('aria-pressed', String(on));
  b.textContent = on ? t('analysis.stop-engine') : t('analysis.start-engine');
  if (!on) {
    stopAnalysis();
    $('engine-info').textContent = t('analysis.engine-off');
    renderEval();
    renderLines();
  } else {
    positionAt(page.ply).then((r) => analyse(r), () => {});
  }
}

// ------------------------------------------------------------------ review

function dropReview() {
  page.review = null;
  list.setNotes(null);
  $('review-panel').hidden = true;
}

/** Reviews the line: searches every position, then marks the moves and draws the panel. */
async function runReview() {
  if (page.reviewing || !page.game.moves.length) return;
  const token = { cancelled: false };
  stopAnalysis();
  page.reviewing = token;
  dropReview();
  const key = lineKey();
  const progress = $('review-progress');
  const bar = /** @type {HTMLProgressElement} */ (progress.querySelector('progress'));
  const label = /** @type {HTMLElement} */ (progress.querySelector('span'));
  progress.hidden = false;
  /** @type {HTMLButtonElement} */ ($('review')).disabled = true;
  $('review-cancel').hidden = false;
  $('engine-info').textContent = t('analysis.reviewing');
  /** @type {Awaited<ReturnType<typeof searchLine>>} */
  let searched = null;
  try {
    searched = await searchLine({
      startFen: page.game.startFen,
      moves: [...page.game.moves],
      engine,
      token,
      onProgress: (done, total) => {
        label.textContent = t('analysis.reviewing-position', { k: done + 1, n: total });
        bar.max = total;
        bar.value = done;
      },
    });
  } catch (e) {
    if (!token.cancelled) showError(t('analysis.review-stopped', { why: e instanceof Error ? e.message : String(e) }));
  }
  page.reviewing = null;
  progress.hidden = true;
  $('review-cancel').hidden = true;
  /** @type {HTMLButtonElement} */ ($('review')).disabled = page.game.moves.length === 0;
  if (searched && !token.cancelled && key === lineKey()) {
    page.review = judge(key, searched);
    list.setNotes(page.review.notes);
    $('review-panel').hidden = false;
    drawGraph();
    renderSummary();
  }
  positionAt(page.ply).then((r) => analyse(r), () => {});
}

/** Draws the evaluation graph of the review, the viewed ply marked. */
function drawGraph() {
  drawReviewGraph($('graph'), page.review, page.ply, (p) => list.text(p), (p) => show(p));
}

/** Writes the review's summary per side. */
function renderSummary() {
  drawSummary($('summary'), page.review, (p) => list.text(p), (p) => show(p));
}

// ------------------------------------------------------------------ wiring

$('paste-form').addEventListener('submit', async (e) => {
  e.preventDefault();
  const text = /** @type {HTMLTextAreaElement} */ ($('paste')).value;
  if (!text.trim()) {
    showError(t('analysis.paste-first'));
    return;
  }
  try {
    const g = await readGame(text);
    await setLine({ startFen: g.fen, moves: g.moves });
  } catch (err) {
    showError(importMessage(err), err instanceof WasmError ? err.problems : []);
  }
});
wireGameIo($('io'), {
  onGame: (g) => setLine({ startFen: g.fen, moves: g.moves }),
  game: () => ({ fen: page.game.startFen, moves: page.game.moves, tags: [['Event', 'Analysis']], name: 'xiangqi-analysis' }),
  onError: (m) => showError(m),
});
$('start-position').addEventListener('click', () => setLine({ startFen: null, moves: [] }));
$('copy-fen').addEventListener('click', () => {
  positionAt(page.ply).then((r) => copyText(r.fen, 'FEN'), () => {});
});
$('flip').addEventListener('click', () => {
  board.flip();
  $('evalbar').classList.toggle('flipped', board.orientation === 'black');
});
$('engine-toggle').addEventListener('click', () => setEngine(!page.engineOn));
$('lines-count').addEventListener('change', () => {
  if (page.engineOn && page.analysed) analyse(page.analysed);
});
$('review').addEventListener('click', () => runReview());
$('review-cancel').addEventListener('click', () => {
  if (!page.reviewing) return;
  page.reviewing.cancelled = true;
  engine.stop();
});
settingsPanel($('settings'));
onNotationChange(() => {
  renderLines();
  drawGraph();
  renderSummary();
});

list.stepWithPageKeys();

const params = new URLSearchParams(location.search);
const movesParam = params.get('moves');
const fenParam = params.get('fen');
/** @type {string[]} */
const startMoves = movesParam ? movesParam.split(',').map((m) => m.trim().toLowerCase()).filter(Boolean) : [];
setLine({ startFen: fenParam, moves: startMoves }).then((ok) => {
  if (!ok) {
    // A link that does not replay: show the start position, the problem stays on screen.
    const problem = [...$('error').childNodes].map((n) => n.cloneNode(true));
    setLine({ startFen: null, moves: [] }).then(() => {
      $('error').replaceChildren(...problem);
      $('error').hidden = false;
    });
  }
  if (fenParam || startMoves.length) {
    /** @type {HTMLTextAreaElement} */ ($('paste')).value = [fenParam, startMoves.join(' ')].filter(Boolean).join('\n');
  }
});
