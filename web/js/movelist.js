// @ts-check
/**
 * @file The move list: numbered moves in WXF (default), ICCS or Chinese, a notation toggle
 * (the player's choice in notation.js, shared with the rest of the page) and navigation
 * buttons. Clicking a move (or ←/→ while the list has focus) asks the page to show that
 * position. The moves of a repetition cycle (`cycle` in the data) are marked: class
 * `ml-cycle` and `ml-cycle-check|chase|kill|idle`, `data-cycle` with the kind, and the
 * kind in words in the move's accessible name and title. Notes (`notes` in the data, e.g. the
 * analysis board's review) mark single moves: class `ml-note-<kind>`, `data-note` with the
 * kind, a symbol after the move and the note in words in its accessible name and title.
 *
 * ```js
 * const list = new MoveList(el, { onSelect: (ply) => showPly(ply) });
 * list.set({ iccs: ['h2e2'], wxf: ['C2=5'], chinese: ['炮二平五'], blackFirst: false });
 * list.setCurrent(1);  // highlights the move leading to the viewed position (0 = start)
 * list.setCycle(status.cycle);  // marks a repetition cycle's moves (null: none)
 * ```
 */

import { getNotation, setNotation, onNotationChange } from './notation.js';
import { t } from './i18n.js';
import { cycleMarks } from './cycle.js';

/** @typedef {import('./notation.js').Notation} Notation */

/**
 * @typedef {object} MoveData
 * @property {string[]} iccs
 * @property {string[]} [wxf]
 * @property {string[]} [chinese]
 * @property {boolean} [blackFirst] the start position has Black to move
 * @property {number} [firstNumber] move number of the first move (default 1)
 * @property {import('./api.js').Cycle|null} [cycle] a repetition cycle to mark
 * @property {Map<number, MoveNote>} [notes] notes on moves, by ply (1 = the first move)
 */

/**
 * A note on one move, e.g. "blunder".
 * @typedef {object} MoveNote
 * @property {string} kind a CSS-safe word: the class is `ml-note-<kind>`
 * @property {string} symbol written after the move (e.g. `??`)
 * @property {string} text the note in words, for the accessible name and the title
 */

export class MoveList {
  /**
   * @param {HTMLElement} container
   * @param {{onSelect?: (ply: number) => void, title?: string}} [options]
   */
  constructor(container, options = {}) {
    this.container = container;
    this.options = options;
    /** @type {MoveData} */
    this.data = { iccs: [] };
    this.current = 0;
    /** @type {Notation} */
    this.notation = getNotation();
    container.classList.add('movelist');
    container.innerHTML = `
      <div class="ml-head">
        <h2 class="ml-title"></h2>
        <div class="seg" role="group" aria-label="${t('moves.notation')}">
          <button type="button" data-n="wxf">WXF</button>
          <button type="button" data-n="iccs">ICCS</button>
          <button type="button" data-n="chinese" lang="zh">中文</button>
        </div>
      </div>
      <ol class="ml-moves" tabindex="0" aria-label="${t('moves.title')}"></ol>
      <div class="ml-nav" role="group" aria-label="${t('moves.step')}">
        <button type="button" data-go="first" aria-label="${t('moves.first')}" title="${t('moves.first')} (Home)">«</button>
        <button type="button" data-go="back" aria-label="${t('moves.back')}" title="${t('moves.back')} (←)">‹</button>
        <button type="button" data-go="forward" aria-label="${t('moves.forward')}" title="${t('moves.forward')} (→)">›</button>
        <button type="button" data-go="last" aria-label="${t('moves.last')}" title="${t('moves.last')} (End)">»</button>
      </div>`;
    /** @type {HTMLElement} */ (container.querySelector('.ml-title')).textContent = options.title ?? t('moves.title');
    this.list = /** @type {HTMLOListElement} */ (container.querySelector('.ml-moves'));
    container.querySelectorAll('[data-n]').forEach((b) => {
      b.addEventListener('click', () => setNotation(/** @type {Notation} */ (b.getAttribute('data-n'))));
    });
    const stop = onNotationChange((n) => {
      // A list whose container was given to another list listens no more.
      if (!this.container.contains(this.list)) {
        stop();
        return;
      }
      this.notation = n;
      this.render();
    });
    container.querySelectorAll('[data-go]').forEach((b) => {
      b.addEventListener('click', () => this.go(/** @type {string} */ (b.getAttribute('data-go'))));
    });
    this.list.addEventListener('click', (e) => {
      const t = e.target instanceof Element ? e.target.closest('[data-ply]') : null;
      if (t) this.select(Number(t.getAttribute('data-ply')));
    });
    this.list.addEventListener('keydown', (e) => {
      const map = /** @type {Record<string, string>} */ ({ ArrowLeft: 'back', ArrowUp: 'back', ArrowRight: 'forward', ArrowDown: 'forward', Home: 'first', End: 'last' });
      const action = map[e.key];
      if (action) {
        e.preventDefault();
        this.go(action);
      }
    });
    this.render();
  }

  /** Number of plies. */
  get length() {
    return this.data.iccs.length;
  }

  /** @param {MoveData} data */
  set(data) {
    const follow = this.current === this.length;
    this.data = data;
    if (follow || this.current > this.length) this.current = this.length;
    this.render();
  }

  /**
   * Marks the moves of a repetition cycle (null: none).
   * @param {import('./api.js').Cycle|null} cycle
   */
  setCycle(cycle) {
    this.data = { ...this.data, cycle };
    this.render();
  }

  /**
   * Marks single moves (an empty map or null: none).
   * @param {Map<number, MoveNote>|null} notes
   */
  setNotes(notes) {
    this.data = { ...this.data, notes: notes ?? undefined };
    this.render();
  }

  /** @param {number} ply */
  setCurrent(ply) {
    this.current = Math.max(0, Math.min(ply, this.length));
    this.render();
  }

  /** @param {number} ply */
  select(ply) {
    const p = Math.max(0, Math.min(ply, this.length));
    this.setCurrent(p);
    this.options.onSelect?.(p);
  }

  /** @param {string} action first | back | forward | last */
  go(action) {
    const target = { first: 0, back: this.current - 1, forward: this.current + 1, last: this.length }[action];
    if (target !== undefined && target >= 0 && target <= this.length && target !== this.current) this.select(target);
  }

  /**
   * Lets the arrow keys, Home and End step through this list from anywhere on the page
   * (not while typing, nor on the board or the list, which have keys of their own).
   */
  stepWithPageKeys() {
    document.addEventListener('keydown', (e) => {
      const t = e.target;
      if (t instanceof Element && t.closest('input, textarea, select, .xq-board, .ml-moves')) return;
      if (e.altKey || e.ctrlKey || e.metaKey) return;
      const map = /** @type {Record<string, string>} */ ({ ArrowLeft: 'back', ArrowRight: 'forward', Home: 'first', End: 'last' });
      const action = map[e.key];
      if (action) {
        e.preventDefault();
        this.go(action);
      }
    });
  }

  /** @param {number} i ply index (0-based) */
  text(i) {
    const d = this.data;
    if (this.notation === 'chinese' && d.chinese?.[i]) return d.chinese[i];
    if (this.notation === 'wxf' && d.wxf?.[i]) return d.wxf[i];
    return d.iccs[i];
  }

  render() {
    this.container.querySelectorAll('[data-n]').forEach((b) => {
      b.setAttribute('aria-pressed', String(b.getAttribute('data-n') === this.notation));
    });
    const d = this.data;
    const offset = d.blackFirst ? 1 : 0;
    const first = d.firstNumber ?? 1;
    const list = this.list;
    const marks = cycleMarks(d.cycle ?? null);
    list.textContent = '';
    const rows = Math.ceil((this.length + offset) / 2);
    for (let r = 0; r < rows; r++) {
      const li = document.createElement('li');
      li.className = 'ml-row';
      const num = document.createElement('span');
      num.className = 'ml-num';
      num.textContent = `${first + r}.`;
      li.appendChild(num);
      for (let c = 0; c < 2; c++) {
        const i = r * 2 + c - offset;
        const cell = document.createElement(i >= 0 && i < this.length ? 'button' : 'span');
        cell.className = 'ml-move';
        if (i >= 0 && i < this.length) {
          const ply = i + 1;
          cell.setAttribute('type', 'button');
          cell.setAttribute('data-ply', String(ply));
          cell.setAttribute('data-iccs', d.iccs[i]);
          if (this.notation === 'chinese') cell.setAttribute('lang', 'zh');
          cell.textContent = this.text(i);
          const side = t((i + offset) % 2 === 0 ? 'ruling.sides.red' : 'ruling.sides.black');
          const mark = marks.get(ply);
          const note = d.notes?.get(ply);
          const said = [mark?.text, note?.text].filter(Boolean).join('; ');
          cell.setAttribute('aria-label', `${first + r}, ${side}: ${this.text(i)}${said ? ` — ${said}` : ''}`);
          if (mark) {
            cell.classList.add('ml-cycle', `ml-cycle-${mark.kind}`);
            cell.setAttribute('data-cycle', mark.kind);
          }
          if (note) {
            cell.classList.add(`ml-note-${note.kind}`);
            cell.setAttribute('data-note', note.kind);
            const sym = document.createElement('span');
            sym.className = 'ml-note';
            sym.setAttribute('aria-hidden', 'true');
            sym.textContent = note.symbol;
            cell.appendChild(sym);
          }
          if (said) cell.title = said;
          if (ply === this.current) cell.setAttribute('aria-current', 'step');
        } else {
          cell.textContent = i < 0 ? '…' : '';
        }
        li.appendChild(cell);
      }
      list.appendChild(li);
    }
    if (this.length === 0) {
      const li = document.createElement('li');
      li.className = 'ml-empty';
      li.textContent = t('moves.none');
      list.appendChild(li);
    }
    const cur = list.querySelector('[aria-current]');
    if (cur) {
      // Keep the current move visible without scrolling the page.
      const lt = list.getBoundingClientRect();
      const ct = cur.getBoundingClientRect();
      if (ct.bottom > lt.bottom) list.scrollTop += ct.bottom - lt.bottom + 4;
      else if (ct.top < lt.top) list.scrollTop -= lt.top - ct.top + 4;
    } else if (this.current === this.length) {
      list.scrollTop = list.scrollHeight;
    }
    this.container.querySelectorAll('[data-go]').forEach((b) => {
      const go = b.getAttribute('data-go');
      const atStart = this.current === 0;
      const atEnd = this.current === this.length;
      /** @type {HTMLButtonElement} */ (b).disabled = (go === 'first' || go === 'back') ? atStart : atEnd;
    });
  }
}
