// @ts-check
/**
 * The rules guide (/rules): every `[data-fen]` element becomes a live board. The legal moves
 * come from the rules module in the page (position: the rules library compiled to
 * WebAssembly); no rule is written in JavaScript. A user may play
 * moves on a diagram (each answered by the module) and reset it. `data-select` preselects a
 * piece so that its moves show at once; `data-cycle` (ICCS moves) adds a "Play the cycle"
 * button that plays a repetition move by move and shows the rules library's ruling, written from
 * its cycle data in the notation the player chose (cycle.js).
 */
import { t } from './i18n.js';
import { Board } from './board.js';
import { ApiError, position } from './api.js';
import { getNotation, onNotationChange } from './notation.js';
import { explanationOf, warningOf } from './cycle.js';

/**
 * @typedef {object} PositionAnswer
 * @property {string} fen
 * @property {'red'|'black'} turn
 * @property {string[]} legal
 * @property {boolean} check
 * @property {import('./api.js').GameStatus} status
 * @property {string[]} [wxf]
 * @property {string[]} [chinese]
 */

/**
 * One interactive diagram.
 * @param {HTMLElement} wrap the element with data-fen
 */
function setUpDiagram(wrap) {
  const startFen = wrap.dataset.fen || '';
  const preselect = wrap.dataset.select || null;
  const cycle = (wrap.dataset.cycle || '').split(/\s+/).filter(Boolean);
  /** @type {string[]} */
  let moves = [];
  let busy = false;
  /** @type {number | undefined} */
  let cycleTimer;

  const figure = wrap.closest('figure') || wrap.parentElement || wrap;
  const host = document.createElement('div');
  wrap.append(host);

  const info = document.createElement('p');
  info.className = 's-moves';
  info.setAttribute('aria-live', 'polite');
  const error = document.createElement('div');
  error.className = 's-error';
  error.setAttribute('role', 'alert');
  const tools = document.createElement('div');
  tools.className = 's-row';
  const reset = document.createElement('button');
  reset.type = 'button';
  reset.className = 's-btn small';
  reset.textContent = t('rulesjs.reset');
  reset.dataset.action = 'reset';
  reset.disabled = true;
  tools.append(reset);
  /** @type {HTMLButtonElement | null} */
  let playCycle = null;
  if (cycle.length) {
    playCycle = document.createElement('button');
    playCycle.type = 'button';
    playCycle.className = 's-btn small primary';
    playCycle.textContent = t('rulesjs.play-cycle');
    playCycle.dataset.action = 'cycle';
    tools.prepend(playCycle);
  }
  figure.append(info, error, tools);

  const board = new Board(host, {
    label: wrap.dataset.label || t('rulesjs.diagram'),
    onMove: (mv) => {
      stopCycle();
      play([...moves, mv]);
    },
  });

  /**
   * Asks the rules module for the position after `list` and shows it.
   * @param {string[]} list
   * @param {boolean} [first]
   */
  async function play(list, first = false) {
    busy = true;
    error.textContent = '';
    try {
      /** @type {PositionAnswer} */
      const pos = await position(startFen, list);
      moves = list;
      const over = pos.status && pos.status.result !== 'ongoing';
      board.setPosition(
        { fen: pos.fen, legal: over ? [] : pos.legal, check: pos.check, lastMove: list.length ? list[list.length - 1] : null },
        { announce: !first, animate: !first },
      );
      if (first && preselect) board.select(preselect);
      describe(pos);
      reset.disabled = moves.length === 0;
    } catch (err) {
      error.textContent = err instanceof ApiError ? err.message : String(err);
      if (first) board.setPosition({ fen: startFen, legal: [] }, { announce: false, animate: false });
      else board.setPosition({ fen: board.fen, legal: [] }, { announce: false, animate: false });
    } finally {
      busy = false;
    }
  }

  /** @type {PositionAnswer | null} */
  let shown = null;
  onNotationChange(() => {
    if (shown) describe(shown);
  });

  /** @param {PositionAnswer} pos */
  function describe(pos) {
    shown = pos;
    const notation = getNotation();
    const parts = [];
    const side = t(pos.turn === 'black' ? 'ruling.sides.black' : 'ruling.sides.red');
    if (pos.status && pos.status.result !== 'ongoing') {
      parts.push(explanationOf(pos.status, notation) || t('rulesjs.over', { result: pos.status.result }));
    } else {
      parts.push(t(pos.check ? 'rulesjs.to-move-check' : 'rulesjs.to-move', { side, n: pos.legal.length }));
      const warning = pos.status ? warningOf(pos.status, notation) : null;
      if (warning) parts.push(warning);
    }
    const named = notation === 'iccs' ? moves : notation === 'chinese' ? pos.chinese : pos.wxf;
    if (moves.length && named && named.length === moves.length) {
      parts.push(t('rulesjs.moves', { moves: named.join(' ') }));
    }
    info.textContent = parts.join(' ');
  }

  function stopCycle() {
    if (cycleTimer !== undefined) clearTimeout(cycleTimer);
    cycleTimer = undefined;
    if (playCycle) playCycle.textContent = t('rulesjs.play-cycle');
  }

  reset.addEventListener('click', () => {
    stopCycle();
    play([], true);
  });

  if (playCycle) {
    const button = playCycle;
    button.addEventListener('click', () => {
      if (cycleTimer !== undefined) {
        stopCycle();
        return;
      }
      button.textContent = t('rulesjs.stop');
      /** @param {number} n */
      const step = async (n) => {
        if (busy) {
          cycleTimer = window.setTimeout(() => step(n), 100);
          return;
        }
        await play(cycle.slice(0, n), n === 0);
        if (n < cycle.length && cycleTimer !== undefined) {
          cycleTimer = window.setTimeout(() => step(n + 1), 700);
        } else {
          stopCycle();
        }
      };
      cycleTimer = window.setTimeout(() => step(0), 0);
    });
  }

  play([], true);
  return board;
}

for (const wrap of document.querySelectorAll('[data-fen]')) {
  setUpDiagram(/** @type {HTMLElement} */ (wrap));
}
