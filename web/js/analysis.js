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
 * - Continuous analysis of the viewed position: N best lines (1–3). The engine has no native
 *   MultiPV, so line k is a search with `banned` = the first moves of lines 1…k−1. The lines
 *   are searched in rounds of growing think time (`ROUNDS_MS`), each round re-searching every
 *   line so that they deepen; the display follows each completed iteration (`onInfo`).
 *   Changing the position stops the search (`engine.stop()`) and starts afresh.
 * - Scores are shown from Red's point of view (the engine's are for the side to move):
 *   `+1.25` is Red ahead by one and a quarter soldiers' worth (125 centipawns), `M3` Red
 *   mates in three moves, `-M3` Black does. The bar is Red's share, drawn with a logistic
 *   curve of the score.
 * - Review: every position of the line searched for `REVIEW_MS` each (with progress; it can
 *   be cancelled); an SVG graph of the evaluation (Red's view, clamped to ±`CLAMP_CP`, mates
 *   at the clamp); each move's loss is the drop of the evaluation from the mover's point of
 *   view between the position before and after it (both clamped), and a loss of at least
 *   `THRESHOLDS` 50 / 100 / 300 centipawns marks an inaccuracy (?!) / mistake (?) /
 *   blunder (??) in the move list and in a summary per side, with the average loss.
 *   Changing the line drops the review.
 */

import { t, t as tr } from './i18n.js';
import { localPosition, readGame, WasmError } from './xiangqi-wasm.js';
import { Engine } from './engine.js';
import { Board } from './board.js';
import { parseFen, START_FEN } from './fen.js';
import { settingsPanel } from './board-settings.js';
import { moveSoundKind, playSound } from './sound-switch.js';
import { MoveList } from './movelist.js';
import { getNotation, onNotationChange } from './notation.js';
import { wireGameIo, importMessage } from './game-io.js';
import { stepSpoken } from './game-view.js';
import { showResult, describeStatus } from './game-status.js';
import { copyText } from './game-files.js';
import { showError as showErrorIn } from './notices.js';

/** @typedef {import('./api.js').PositionInfo} PositionInfo */
/** @typedef {import('./engine.js').EngineScore} EngineScore */
/** @typedef {import('./engine.js').EngineInfo} EngineInfo */

/** Think time of each analysis round, per line, in milliseconds. */
export const ROUNDS_MS = [300, 1000, 3000, 10000];
/** Think time per position of a review, in milliseconds. */
export const REVIEW_MS = 250;
/** Evaluations are clamped to ± this many centipawns in the graph and for move losses. */
export const CLAMP_CP = 1000;
/** The least loss (centipawns, the mover's view) of each kind of bad move, worst first. */
export const THRESHOLDS = [
  { kind: 'blunder', min: 300, symbol: '??', word: t('analysis.blunder'), words: t('analysis.blunders') },
  { kind: 'mistake', min: 100, symbol: '?', word: t('analysis.mistake'), words: t('analysis.mistakes') },
  { kind: 'inaccuracy', min: 50, symbol: '?!', word: t('analysis.inaccuracy'), words: t('analysis.inaccuracies') },
];

/** @param {string} id */
const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));

/** @type {{startFen: string|null, moves: string[]}} the line (start null = the start position) */
let game = { startFen: null, moves: [] };
/** The viewed ply (0 = the start). */
let ply = 0;
/** Whether a position was shown: the one the page opens on is not announced. */
let opened = false;
/** The line's positions, by ply, each asked of the rules module once. */
/** @type {Map<number, Promise<PositionInfo>>} */
let cache = new Map();
/** @type {PositionInfo|null} the whole line's last position (its wxf/chinese name every move) */
let lineInfo = null;
let showSeq = 0;

const engine = new Engine();
let engineOn = true;
/** Bumped whenever the analysed position changes or analysis stops. */
let analysisSeq = 0;
/**
 * @typedef {object} Line
 * @property {number} depth
 * @property {EngineScore} score for the side to move
 * @property {string[]} pv ICCS
 * @property {number} round
 */
/** @type {(Line|null)[]} */
let lines = [];
/** @type {PositionInfo|null} the analysed position */
let analysed = null;

/**
 * @typedef {object} Review
 * @property {string} key the line reviewed (start and moves)
 * @property {EngineScore[]} evals Red's view, by ply
 * @property {number[]} losses centipawns lost by the move of each ply (index 0 unused)
 * @property {Map<number, import('./movelist.js').MoveNote>} notes
 * @property {('red'|'black')[]} turns the side to move, by ply
 */
/** @type {Review|null} */
let review = null;
/** @type {{cancelled: boolean}|null} a review running */
let reviewing = null;

const board = new Board($('board'), { label: t('common.analysis-board'), onMove: (m) => playMove(m) });
const list = new MoveList($('moves'), { onSelect: (p) => show(p) });

// ------------------------------------------------------------------ scores

/**
 * Turns a side-to-move score into Red's view.
 * @param {EngineScore} score
 * @param {'red'|'black'} turn
 * @returns {EngineScore}
 */
export function redView(score, turn) {
  const s = turn === 'red' ? 1 : -1;
  return 'mate' in score ? { mate: s * score.mate } : { cp: s * score.cp };
}

/**
 * Writes a Red's-view score: `+1.25`, `-0.40`, `0.00`, `M3`, `-M3`.
 * @param {EngineScore} score
 */
export function formatScore(score) {
  if ('mate' in score) return `${score.mate < 0 ? '-' : ''}M${Math.abs(score.mate)}`;
  const p = score.cp / 100;
  return `${p > 0 ? '+' : ''}${p.toFixed(2)}`;
}

/**
 * A score in centipawns clamped to ±CLAMP_CP (a mate is at the clamp).
 * @param {EngineScore} score
 */
export function clampCp(score) {
  if ('mate' in score) return score.mate >= 0 ? CLAMP_CP : -CLAMP_CP;
  return Math.max(-CLAMP_CP, Math.min(CLAMP_CP, score.cp));
}

/**
 * The evaluation of a position that is over, in Red's view (a win is at the clamp); null
 * while it goes on.
 * @param {PositionInfo} info
 * @returns {EngineScore|null}
 */
function finalScore(info) {
  const r = info.status.result;
  if (r === 'red') return { cp: CLAMP_CP };
  if (r === 'black') return { cp: -CLAMP_CP };
  if (r === 'ongoing') return null;
  return { cp: 0 };
}

/** @param {EngineScore} score Red's view */
function scoreWords(score) {
  if ('mate' in score) return t('analysis.mates-in', { side: t(score.mate >= 0 ? 'ruling.sides.red' : 'ruling.sides.black'), n: Math.abs(score.mate) });
  if (Math.abs(score.cp) < 15) return t('analysis.equal');
  return t('analysis.better-by', { side: t(score.cp > 0 ? 'ruling.sides.red' : 'ruling.sides.black'), n: (Math.abs(score.cp) / 100).toFixed(2) });
}

// ------------------------------------------------------------------ the line

/** @param {number} p */
function positionAt(p) {
  let r = cache.get(p);
  if (!r) {
    r = localPosition(game.startFen, game.moves.slice(0, p));
    cache.set(p, r);
    r.catch(() => cache.delete(p));
  }
  return r;
}

/** @param {string} text @param {string[]} [problems] */
const showError = (text, problems = []) => showErrorIn($('error'), text, problems);

const lineKey = () => `${game.startFen ?? ''}|${game.moves.join(',')}`;

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
  const sameStart = (startFen ?? '') === (game.startFen ?? '');
  if (reviewing && `${startFen ?? ''}|${g.moves.join(',')}` !== lineKey()) {
    // The line reviewed is gone.
    reviewing.cancelled = true;
    engine.stop();
  }
  const old = cache;
  game = { startFen, moves: [...g.moves] };
  cache = new Map();
  if (sameStart) for (const [p, r] of old) if (p <= keep) cache.set(p, r);
  cache.set(game.moves.length, Promise.resolve(info));
  lineInfo = info;
  if (review && review.key !== lineKey()) dropReview();
  showError('');
  const fen = startFen ?? START_FEN;
  list.set({
    iccs: game.moves,
    wxf: info.wxf,
    chinese: info.chinese,
    blackFirst: fen.split(/\s+/)[1] === 'b',
    firstNumber: Number(fen.split(/\s+/)[5]) || 1,
    notes: review?.notes,
  });
  const q = new URLSearchParams();
  if (startFen) q.set('fen', startFen);
  q.set('moves', game.moves.join(','));
  history.replaceState(null, '', `${location.pathname}?${q}`);
  /** @type {HTMLButtonElement} */ ($('review')).disabled = game.moves.length === 0 || !!reviewing;
  await show(at ?? game.moves.length);
  return true;
}

/**
 * Views ply `p` of the line and analyses it.
 * @param {number} p
 * @param {boolean} [animate]
 */
async function show(p, animate = true) {
  const want = Math.max(0, Math.min(p, game.moves.length));
  const changed = want !== ply || !analysed;
  ply = want;
  list.setCurrent(want);
  const seq = ++showSeq;
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
  if (seq !== showSeq) return;
  const over = r.status.result !== 'ongoing';
  const last = want > 0 ? game.moves[want - 1] : null;
  const moveText = want > 0 ? list.text(want - 1) : '';
  board.setPosition({ fen: r.fen, legal: over ? [] : r.legal, check: r.check, lastMove: last }, {
    announce: opened && stepSpoken(want, before?.fen ?? null, last, { fen: r.fen, check: r.check, status: r.status }),
    animate,
  });
  opened = true;
  if (played && last === played.move && want > 0) {
    playSound(moveSoundKind({ capture: parseFen(played.fen).pieces.has(last.slice(2, 4)), check: r.check, over }));
  }
  played = null;
  const turn = t(r.turn === 'red' ? 'ruling.sides.red' : 'ruling.sides.black');
  const dot = /** @type {HTMLElement} */ ($('status').querySelector('.dot'));
  dot.className = `dot ${over ? (r.status.result === 'black' ? 'black' : 'red') : r.turn}`;
  /** @type {HTMLElement} */ ($('status').querySelector('.text')).textContent =
    t('analysis.status', {
      where: want === 0 ? t('common.start-position') : t('analysis.move-of', { ply: want, count: game.moves.length, move: moveText }),
      what: over ? describeStatus(r.status).title : t(r.check ? 'game.to-move-check' : 'game.to-move', { side: turn }),
    });
  showResult($('banner'), r.status);
  /** @type {HTMLAnchorElement} */ ($('play-from')).href = `/local?${new URLSearchParams({ fen: r.fen })}`;
  drawGraph();
  if (changed || !analysed || analysed.fen !== r.fen) analyse(r);
}

/** @type {{fen: string, move: string}|null} the move just played on the board, to be sounded once shown */
let played = null;

/** @param {string} m ICCS, a legal move of the viewed position */
function playMove(m) {
  played = { fen: board.fen, move: m };
  if (game.moves[ply] === m) {
    show(ply + 1, false);
    return;
  }
  setLine({ startFen: game.startFen, moves: [...game.moves.slice(0, ply), m] }, ply + 1, ply);
}

// ------------------------------------------------------------------ analysis

/** Stops the running analysis, if any (a review keeps the engine). */
function stopAnalysis() {
  analysisSeq++;
  if (!reviewing) engine.stop();
}

/**
 * Starts analysing a position (stopping the search of the previous one).
 * @param {PositionInfo} info
 */
function analyse(info) {
  stopAnalysis();
  analysed = info;
  lines = [];
  renderEval();
  renderLines();
  if (!engineOn || reviewing) return;
  if (info.status.result !== 'ongoing') {
    $('engine-info').textContent = t('analysis.over');
    return;
  }
  runRounds(analysisSeq, info, ply);
}

/**
 * Searches the lines of a position in rounds of growing think time.
 * @param {number} seq
 * @param {PositionInfo} info
 * @param {number} at the ply analysed
 */
async function runRounds(seq, info, at) {
  const moves = game.moves.slice(0, at);
  for (let round = 0; round < ROUNDS_MS.length; round++) {
    const movetime = ROUNDS_MS[round];
    /** @type {string[]} */
    const banned = [];
    const want = Math.min(wantedLines(), info.legal.length);
    for (let k = 0; k < want; k++) {
      $('engine-info').textContent = t('analysis.searching', { k: k + 1, n: want, time: movetime < 1000 ? `${movetime} ms` : `${movetime / 1000} s` });
      /** @type {import('./engine.js').SearchResult} */
      let result;
      try {
        result = await engine.search({ fen: game.startFen, moves, movetime, banned: [...banned] }, (i) => {
          if (seq !== analysisSeq) return;
          const shown = lines[k];
          // A new round starts shallow: keep the deeper line of the last round until it is passed.
          if (!shown || i.depth >= shown.depth || shown.round === round) {
            lines[k] = { depth: i.depth, score: i.score, pv: i.pv, round };
            if (k === 0) renderEval();
            renderLines();
          }
        });
      } catch (e) {
        if (seq === analysisSeq && !(e instanceof WasmError && e.code === 'stopped')) {
          $('engine-info').textContent = t('analysis.engine-stopped', { why: e instanceof Error ? e.message : String(e) });
        }
        return;
      }
      if (seq !== analysisSeq) return;
      if (!result.best) break;
      const shown = lines[k];
      if (!shown || shown.round !== round || shown.pv[0] !== result.best) {
        lines[k] = { depth: result.depth, score: result.score, pv: [result.best, ...(result.ponder ? [result.ponder] : [])], round };
      }
      banned.push(result.best);
      renderEval();
      renderLines();
    }
    lines.length = want;
  }
  if (seq === analysisSeq) {
    const d = lines[0]?.depth;
    $('engine-info').textContent = d ? t('analysis.done-depth', { depth: d }) : t('analysis.done');
  }
}

function wantedLines() {
  return Number(/** @type {HTMLSelectElement} */ ($('lines-count')).value) || 1;
}

/** Redraws the evaluation bar from the best line. */
function renderEval() {
  const bar = $('evalbar');
  const fill = /** @type {HTMLElement} */ (bar.querySelector('.a-bar-fill'));
  const text = /** @type {HTMLElement} */ (bar.querySelector('.a-bar-text'));
  const info = analysed;
  /** @type {EngineScore|null} */
  let score = info ? finalScore(info) : null;
  if (!score && info && lines[0]) score = redView(lines[0].score, info.turn);
  if (!score) {
    fill.style.height = '50%';
    text.textContent = '…';
    bar.setAttribute('aria-valuenow', '0');
    bar.setAttribute('aria-valuetext', t(engineOn ? 'analysis.analysing' : 'analysis.engine-off-short'));
    bar.dataset.score = '';
    return;
  }
  const cp = clampCp(score);
  const share = 'mate' in score ? (cp > 0 ? 1 : 0) : 1 / (1 + Math.exp(-cp / 250));
  fill.style.height = `${(share * 100).toFixed(1)}%`;
  const over = !!info && info.status.result !== 'ongoing';
  const written = over && info
    ? ({ red: '1-0', black: '0-1', draw: '½-½', aborted: '*', ongoing: '' })[info.status.result]
    : formatScore(score);
  text.textContent = written;
  text.classList.toggle('black-ahead', cp < 0);
  bar.dataset.score = written;
  bar.setAttribute('aria-valuenow', String(cp));
  bar.setAttribute('aria-valuetext', `${written}: ${over && info ? describeStatus(info.status).title : scoreWords(score)}`);
}

/** Names of PVs in WXF and Chinese, by start and moves. @type {Map<string, {wxf: string[], chinese: string[]}>} */
const pvNames = new Map();
let linesSeq = 0;

/**
 * The moves of `pv` played from ply `at` in the chosen notation.
 * @param {number} at
 * @param {string[]} pv
 * @returns {Promise<string[]>}
 */
async function pvText(at, pv) {
  const n = getNotation();
  if (n === 'iccs' || !pv.length) return pv;
  const before = game.moves.slice(0, at);
  const key = `${game.startFen ?? ''}|${before.join(',')}|${pv.join(',')}`;
  let names = pvNames.get(key);
  if (!names) {
    try {
      const r = await localPosition(game.startFen, [...before, ...pv]);
      names = { wxf: r.wxf.slice(before.length), chinese: r.chinese.slice(before.length) };
    } catch {
      return pv;
    }
    if (pvNames.size > 500) pvNames.clear();
    pvNames.set(key, names);
  }
  const out = n === 'chinese' ? names.chinese : names.wxf;
  return pv.map((m, i) => out[i] || m);
}

/**
 * Writes moves with numbers: `12. C2=5 h8+7 13. R1+1`, or `12… h8+7` when Black begins.
 * @param {string[]} names
 * @param {string} fen the position the moves start from
 */
function numbered(names, fen) {
  const parts = fen.split(/\s+/);
  let black = parts[1] === 'b';
  let n = Number(parts[5]) || 1;
  const out = [];
  names.forEach((m, i) => {
    if (!black) out.push(`${n}.`);
    else if (i === 0) out.push(`${n}…`);
    out.push(m);
    if (black) n++;
    black = !black;
  });
  return out.join(' ');
}

/** Redraws the best lines. */
async function renderLines() {
  const seq = ++linesSeq;
  const info = analysed;
  const at = ply;
  const shown = lines.slice();
  const texts = await Promise.all(shown.map((l) => (l ? pvText(at, l.pv) : Promise.resolve([]))));
  if (seq !== linesSeq || info !== analysed) return;
  const ol = $('lines');
  ol.textContent = '';
  const chinese = getNotation() === 'chinese';
  shown.forEach((l, k) => {
    if (!l || !info) return;
    const li = document.createElement('li');
    li.className = 'a-line';
    li.dataset.line = String(k + 1);
    li.dataset.pv = l.pv.join(' ');
    const score = document.createElement('span');
    score.className = 'a-line-score';
    const red = redView(l.score, info.turn);
    score.textContent = formatScore(red);
    score.title = scoreWords(red);
    const depth = document.createElement('span');
    depth.className = 'a-line-depth';
    depth.textContent = `d${l.depth}`;
    depth.title = t('analysis.depth', { depth: l.depth });
    const pv = document.createElement('span');
    pv.className = 'a-line-pv';
    if (chinese) pv.lang = 'zh';
    pv.textContent = numbered(texts[k], info.fen);
    li.append(score, depth, pv);
    li.setAttribute('aria-label', t('analysis.line', { k: k + 1, score: score.textContent ?? '', words: scoreWords(red), depth: l.depth, pv: pv.textContent ?? '' }));
    ol.appendChild(li);
  });
  if (!ol.childElementCount) {
    const li = document.createElement('li');
    li.className = 'a-line-empty muted';
    li.textContent = !engineOn ? t('analysis.engine-off') : info && info.status.result !== 'ongoing' ? t('analysis.no-moves') : t('analysis.thinking');
    ol.appendChild(li);
  }
}

/** @param {boolean} on */
function setEngine(on) {
  engineOn = on;
  const b = $('engine-toggle');
  b.setAttribute('aria-pressed', String(on));
  b.textContent = on ? t('analysis.stop-engine') : t('analysis.start-engine');
  if (!on) {
    stopAnalysis();
    $('engine-info').textContent = t('analysis.engine-off');
    renderEval();
    renderLines();
  } else {
    positionAt(ply).then((r) => analyse(r), () => {});
  }
}

// ------------------------------------------------------------------ review

function dropReview() {
  review = null;
  list.setNotes(null);
  $('review-panel').hidden = true;
}

async function runReview() {
  if (reviewing || !game.moves.length) return;
  const token = { cancelled: false };
  stopAnalysis();
  reviewing = token;
  dropReview();
  const key = lineKey();
  const startFen = game.startFen;
  const moves = [...game.moves];
  const progress = $('review-progress');
  const bar = /** @type {HTMLProgressElement} */ (progress.querySelector('progress'));
  const label = /** @type {HTMLElement} */ (progress.querySelector('span'));
  progress.hidden = false;
  bar.max = moves.length + 1;
  /** @type {HTMLButtonElement} */ ($('review')).disabled = true;
  $('review-cancel').hidden = false;
  $('engine-info').textContent = t('analysis.reviewing');
  /** @type {EngineScore[]} */
  const evals = [];
  /** @type {('red'|'black')[]} */
  const turns = [];
  let ok = true;
  for (let p = 0; p <= moves.length; p++) {
    label.textContent = t('analysis.reviewing-position', { k: p + 1, n: moves.length + 1 });
    bar.value = p;
    try {
      const info = await localPosition(startFen, moves.slice(0, p));
      turns.push(info.turn);
      const final = finalScore(info);
      if (final) {
        evals.push(final);
        continue;
      }
      const r = await engine.search({ fen: startFen, moves: moves.slice(0, p), movetime: REVIEW_MS });
      evals.push(redView(r.score, info.turn));
    } catch (e) {
      ok = false;
      if (!token.cancelled) showError(t('analysis.review-stopped', { why: e instanceof Error ? e.message : String(e) }));
      break;
    }
    if (token.cancelled) {
      ok = false;
      break;
    }
  }
  reviewing = null;
  progress.hidden = true;
  $('review-cancel').hidden = true;
  /** @type {HTMLButtonElement} */ ($('review')).disabled = game.moves.length === 0;
  if (ok && key === lineKey()) {
    const losses = [0];
    /** @type {Map<number, import('./movelist.js').MoveNote>} */
    const notes = new Map();
    for (let p = 1; p <= moves.length; p++) {
      const s = turns[p - 1] === 'red' ? 1 : -1;
      const loss = Math.max(0, s * (clampCp(evals[p - 1]) - clampCp(evals[p])));
      losses.push(loss);
      const t = THRESHOLDS.find((x) => loss >= x.min);
      if (t) notes.set(p, { kind: t.kind, symbol: t.symbol, text: tr('analysis.loses', { word: t.word, n: (loss / 100).toFixed(2) }) });
    }
    review = { key, evals, losses, notes, turns };
    list.setNotes(notes);
    $('review-panel').hidden = false;
    drawGraph();
    renderSummary();
  }
  positionAt(ply).then((r) => analyse(r), () => {});
}

/** Draws the evaluation graph of the review (Red's view), the viewed ply marked. */
function drawGraph() {
  const el = $('graph');
  if (!review) {
    el.textContent = '';
    return;
  }
  const W = 600;
  const H = 160;
  const n = review.evals.length;
  const x = (/** @type {number} */ p) => (n > 1 ? (p / (n - 1)) * (W - 16) + 8 : W / 2);
  const y = (/** @type {number} */ cp) => H / 2 - (cp / CLAMP_CP) * (H / 2 - 8);
  const pts = review.evals.map((s, p) => [x(p), y(clampCp(s))]);
  const NS = 'http://www.w3.org/2000/svg';
  const svg = document.createElementNS(NS, 'svg');
  svg.setAttribute('viewBox', `0 0 ${W} ${H}`);
  svg.setAttribute('class', 'a-graph');
  svg.setAttribute('role', 'group');
  svg.setAttribute('aria-label', t('analysis.graph'));
  /** @param {string} tag @param {Record<string, string|number>} attrs @param {Element} [parent] */
  const add = (tag, attrs, parent = svg) => {
    const e = document.createElementNS(NS, tag);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
    parent.appendChild(e);
    return e;
  };
  add('rect', { x: 0, y: 0, width: W, height: H / 2, class: 'a-graph-red' });
  add('rect', { x: 0, y: H / 2, width: W, height: H / 2, class: 'a-graph-black' });
  const area = `M${pts[0][0]},${H / 2} ` + pts.map(([a, b]) => `L${a.toFixed(1)},${b.toFixed(1)}`).join(' ') + ` L${pts[n - 1][0]},${H / 2} Z`;
  add('path', { d: area, class: 'a-graph-area' });
  add('line', { x1: 0, y1: H / 2, x2: W, y2: H / 2, class: 'a-graph-mid' });
  add('polyline', { points: pts.map(([a, b]) => `${a.toFixed(1)},${b.toFixed(1)}`).join(' '), class: 'a-graph-line' });
  add('line', { x1: x(ply), y1: 0, x2: x(ply), y2: H, class: 'a-graph-now' });
  pts.forEach(([a, b], p) => {
    const note = review?.notes.get(p);
    const g = add('g', { class: `a-graph-point${note ? ` a-graph-${note.kind}` : ''}${p === ply ? ' current' : ''}`, 'data-ply': p });
    const t = add('title', {}, g);
    const s = review?.evals[p];
    t.textContent = `${p === 0 ? tr('analysis.start') : tr('analysis.move', { ply: p, move: list.text(p - 1) })} — ${s ? formatScore(s) : ''}${note ? ` (${note.text})` : ''}`;
    // A wide invisible target over a small visible dot.
    add('rect', { x: a - Math.max(3, (W - 16) / Math.max(1, n - 1) / 2), y: 0, width: Math.max(6, (W - 16) / Math.max(1, n - 1)), height: H, class: 'a-graph-hit' }, g);
    add('circle', { cx: a.toFixed(1), cy: b.toFixed(1), r: note ? 5 : 3 }, g);
  });
  svg.addEventListener('click', (e) => {
    const t = e.target instanceof Element ? e.target.closest('[data-ply]') : null;
    if (t) show(Number(t.getAttribute('data-ply')));
  });
  el.textContent = '';
  el.appendChild(svg);
}

/** Writes the summary per side: counts of inaccuracies, mistakes, blunders, the average loss. */
function renderSummary() {
  const el = $('summary');
  el.textContent = '';
  if (!review) return;
  const turns = review.turns;
  for (const side of /** @type {('red'|'black')[]} */ (['red', 'black'])) {
    const div = document.createElement('div');
    div.className = `a-side a-side-${side}`;
    div.dataset.side = side;
    const h = document.createElement('h3');
    h.textContent = tr(side === 'red' ? 'ruling.sides.red' : 'ruling.sides.black');
    div.appendChild(h);
    const ul = document.createElement('ul');
    let total = 0;
    let count = 0;
    for (let p = 1; p < review.evals.length; p++) {
      if (turns[p - 1] !== side) continue;
      total += Math.min(review.losses[p], CLAMP_CP);
      count++;
    }
    for (const t of [...THRESHOLDS].reverse()) {
      const plies = [...review.notes].filter(([p, note]) => note.kind === t.kind && turns[p - 1] === side).map(([p]) => p);
      const li = document.createElement('li');
      li.dataset.kind = t.kind;
      li.dataset.count = String(plies.length);
      li.append(`${plies.length} ${plies.length === 1 ? t.word : t.words} (${t.symbol})`);
      plies.forEach((p, i) => {
        li.append(i === 0 ? ': ' : ', ');
        const b = document.createElement('button');
        b.type = 'button';
        b.className = 'a-jump';
        b.textContent = list.text(p - 1);
        b.setAttribute('aria-label', tr('analysis.go-to', { ply: p, move: list.text(p - 1) }));
        b.addEventListener('click', () => show(p));
        li.append(b);
      });
      ul.appendChild(li);
    }
    const avg = document.createElement('li');
    avg.textContent = tr('analysis.average', { n: count ? (total / count / 100).toFixed(2) : '0.00' });
    ul.appendChild(avg);
    div.appendChild(ul);
    el.appendChild(div);
  }
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
  game: () => ({ fen: game.startFen, moves: game.moves, tags: [['Event', 'Analysis']], name: 'xiangqi-analysis' }),
  onError: (m) => showError(m),
});
$('start-position').addEventListener('click', () => setLine({ startFen: null, moves: [] }));
$('copy-fen').addEventListener('click', () => {
  positionAt(ply).then((r) => copyText(r.fen, 'FEN'), () => {});
});
$('flip').addEventListener('click', () => {
  board.flip();
  $('evalbar').classList.toggle('flipped', board.orientation === 'black');
});
$('engine-toggle').addEventListener('click', () => setEngine(!engineOn));
$('lines-count').addEventListener('change', () => {
  if (engineOn && analysed) analyse(analysed);
});
$('review').addEventListener('click', () => runReview());
$('review-cancel').addEventListener('click', () => {
  if (!reviewing) return;
  reviewing.cancelled = true;
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
