// @ts-check
/**
 * @file The analysis board's best lines and evaluation bar: each line's score (Red's view),
 * depth and moves, numbered and written in the chosen notation (the rules module names the
 * moves); the bar shows Red's expected score from the best line's score (analysis-score.js).
 */

import { t } from './i18n.js';
import { localPosition } from './xiangqi-wasm.js';
import { getNotation } from './notation.js';
import { describeStatus } from './game-status.js';
import { redView, formatScore, clampCp, finalScore, scoreWords, expectedScore } from './analysis-score.js';

/** @typedef {import('./api.js').PositionInfo} PositionInfo */
/** @typedef {import('./engine.js').EngineScore} EngineScore */

/**
 * One searched line of the analysed position.
 * @typedef {object} Line
 * @property {number} depth
 * @property {EngineScore} score for the side to move
 * @property {string[]} pv ICCS
 * @property {number} round the analysis round that found it
 */

/**
 * What the lines are drawn from.
 * @typedef {object} LinesView
 * @property {(Line|null)[]} lines
 * @property {PositionInfo|null} info the analysed position
 * @property {string|null} startFen the game's start
 * @property {string[]} before the moves up to the analysed position
 * @property {boolean} engineOn
 */

/** Move names of lines already asked of the rules module, and the latest drawing. */
const drawn = {
  /** @type {Map<string, {wxf: string[], chinese: string[]}>} by start, moves before and line */
  names: new Map(),
  seq: 0,
};

/**
 * The moves of `pv` played after `before` in the chosen notation.
 * @param {string|null} startFen
 * @param {string[]} before
 * @param {string[]} pv
 * @returns {Promise<string[]>}
 */
async function pvText(startFen, before, pv) {
  const n = getNotation();
  if (n === 'iccs' || !pv.length) return pv;
  const key = `${startFen ?? ''}|${before.join(',')}|${pv.join(',')}`;
  let names = drawn.names.get(key);
  if (!names) {
    try {
      const r = await localPosition(startFen, [...before, ...pv]);
      names = { wxf: r.wxf.slice(before.length), chinese: r.chinese.slice(before.length) };
    } catch {
      return pv;
    }
    if (drawn.names.size > 500) drawn.names.clear();
    drawn.names.set(key, names);
  }
  const out = n === 'chinese' ? names.chinese : names.wxf;
  return pv.map((m, i) => out[i] || m);
}

/**
 * Writes moves with numbers: `12. C2=5 h8+7 13. R1+1`, or `12… h8+7` when Black begins.
 * @param {string[]} names
 * @param {string} fen the position the moves start from
 */
export function numbered(names, fen) {
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

/**
 * Redraws the best lines into `ol`. A drawing overtaken by a later one is dropped.
 * @param {HTMLElement} ol
 * @param {() => LinesView} view read now and again once the moves are named
 */
export async function renderLines(ol, view) {
  const seq = ++drawn.seq;
  const { lines, info, startFen, before, engineOn } = view();
  const shown = lines.slice();
  const texts = await Promise.all(shown.map((l) => (l ? pvText(startFen, before, l.pv) : Promise.resolve([]))));
  if (seq !== drawn.seq || info !== view().info) return;
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

/**
 * Redraws the evaluation bar from the best line (or the result of a finished game).
 * @param {HTMLElement} bar
 * @param {PositionInfo|null} info the analysed position
 * @param {Line|null|undefined} best
 * @param {boolean} engineOn
 */
export function renderEval(bar, info, best, engineOn) {
  const fill = /** @type {HTMLElement} */ (bar.querySelector('.a-bar-fill'));
  const text = /** @type {HTMLElement} */ (bar.querySelector('.a-bar-text'));
  /** @type {EngineScore|null} */
  let score = info ? finalScore(info) : null;
  if (!score && info && best) score = redView(best.score, info.turn);
  if (!score) {
    fill.style.height = '50%';
    text.textContent = '…';
    bar.setAttribute('aria-valuenow', '0');
    bar.setAttribute('aria-valuetext', t(engineOn ? 'analysis.analysing' : 'analysis.engine-off-short'));
    bar.dataset.score = '';
    return;
  }
  const cp = clampCp(score);
  fill.style.height = `${(expectedScore(score) * 100).toFixed(1)}%`;
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
