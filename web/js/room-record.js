// @ts-check
/**
 * @file The line under a room's game once a round has ended: a link to the round's
 * permanent page (/game/{id}, from GET /api/rooms/{code}/rounds/{round}) and, in a rated
 * game, both players' new ratings and their changes. Asked once per round; the record is
 * stored with the event that ended the round, so it is there when the page hears of it.
 */
import { t } from './i18n.js';
import { request } from './api.js';

export class RoundRecord {
  /**
   * @param {HTMLElement|null} el where the line goes (nothing happens without it)
   * @param {string} code the room
   * @param {string|null} watch the watcher credential of a room with a password
   */
  constructor(el, code, watch) {
    this.el = el;
    this.code = code;
    this.watch = watch;
    /** The round whose record was asked for (0: none). */
    this.round = 0;
  }

  /**
   * Shows the record of `round` when `over`, hides the line otherwise.
   * @param {number} round
   * @param {boolean} over
   */
  async update(round, over) {
    const el = this.el;
    if (!el) return;
    if (!over) {
      el.hidden = true;
      return;
    }
    if (round === this.round) return;
    this.round = round;
    const q = this.watch ? `?watch=${encodeURIComponent(this.watch)}` : '';
    /** @type {any} */
    let g;
    try {
      g = await request('GET', `/api/rooms/${encodeURIComponent(this.code)}/rounds/${round}${q}`);
    } catch {
      return;
    }
    if (round !== this.round) return;
    const link = document.createElement('a');
    link.href = g.url;
    link.textContent = t('room.game-page');
    el.replaceChildren(link);
    if (g.rated) {
      const side = (/** @type {'red'|'black'} */ c) => {
        const p = g[c];
        if (typeof p.rating !== 'number' || typeof p.rating_change !== 'number') return '';
        const change = Math.round(p.rating_change);
        return t('room.rating-change', {
          side: t(c === 'red' ? 'ruling.sides.red' : 'ruling.sides.black'),
          rating: Math.round(p.rating),
          change: change >= 0 ? `+${change}` : `−${-change}`,
        });
      };
      el.append(` · ${t('room.rated-game')}: ${[side('red'), side('black')].filter(Boolean).join(', ')}`);
    }
    el.hidden = false;
  }
}
