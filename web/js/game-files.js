// @ts-check
/**
 * @file What a player takes away from a game page: its PGN written by the rules library
 * (`gamePgn`), the clipboard (`copyText`), a file download (`download`), the game menu's
 * buttons (`wireGameMenu`: copy the start FEN, copy the ICCS moves, download the PGN) and
 * the link that opens the game on /analysis (`analysisHref`).
 */

import { START_FEN } from './fen.js';
import { writeGame } from './xiangqi-wasm.js';
import { t } from './i18n.js';
import { toast } from './notices.js';

/** @typedef {import('./api.js').GameStatus} GameStatus */

/** @param {'ongoing'|'red'|'black'|'draw'|'aborted'} result (an aborted game has no result: `*`) */
export function pgnResult(result) {
  return { red: '1-0', black: '0-1', draw: '1/2-1/2', ongoing: '*', aborted: '*' }[result] ?? '*';
}

/**
 * PGN of a game played in the page, written by the rules library (the games module, loaded
 * on first use): moves in WXF, the rule set, the start position, the result and how it ended
 * come from the game itself; `status` only adds a result the moves leave open (a
 * resignation, an agreed draw).
 * @param {{startFen: string|null, moves: string[], status: GameStatus, event?: string,
 *   red?: string, black?: string}} g
 * @returns {Promise<string>}
 * @throws {import('./xiangqi-wasm.js').WasmError} for a bad FEN or an illegal move
 */
export async function gamePgn(g) {
  const d = new Date();
  const date = `${d.getFullYear()}.${String(d.getMonth() + 1).padStart(2, '0')}.${String(d.getDate()).padStart(2, '0')}`;
  const result = pgnResult(g.status.result);
  return writeGame({
    fen: g.startFen,
    moves: g.moves,
    format: 'pgn',
    tags: [
      ['Game', 'Chinese Chess'],
      ['Event', g.event ?? 'Casual game'],
      ['Site', location.host],
      ['Date', date],
      ['Red', g.red ?? 'Red'],
      ['Black', g.black ?? 'Black'],
    ],
    result: result === '*' ? undefined : result,
  });
}

/**
 * Copies text to the clipboard (with a fallback for non-secure pages).
 * @param {string} text
 * @param {string} [what] named in the notice
 */
export async function copyText(text, what = t('game.text')) {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    const ta = document.createElement('textarea');
    ta.value = text;
    ta.setAttribute('readonly', '');
    ta.style.position = 'fixed';
    ta.style.opacity = '0';
    document.body.appendChild(ta);
    ta.select();
    try {
      document.execCommand('copy');
    } catch {
      /* nothing more to try */
    }
    ta.remove();
  }
  toast(t('game.copied', { what }));
}

/**
 * Downloads text as a file.
 * @param {string} name
 * @param {string} text
 * @param {string} [type]
 */
export function download(name, text, type = 'application/x-chess-pgn') {
  const a = document.createElement('a');
  a.href = URL.createObjectURL(new Blob([text], { type }));
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  window.setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

/**
 * The address of the analysis board for a game: `/analysis?fen=<start FEN>&moves=<ICCS,…>`.
 * @param {string|null} startFen null: the start position
 * @param {string[]} moves ICCS
 */
export function analysisHref(startFen, moves) {
  return `/analysis?fen=${encodeURIComponent(startFen ?? START_FEN)}&moves=${moves.map(encodeURIComponent).join(',')}`;
}

/**
 * Points the game menu's "Open in the replay viewer" link at the game and shows it, or hides
 * it (a game in progress against the computer or a player is not replayed before its end).
 * @param {string|null} startFen null for the standard start
 * @param {string[]} moves ICCS
 * @param {boolean} shown
 */
export function showReplayLink(startFen, moves, shown) {
  const link = document.getElementById('replay-link');
  if (!(link instanceof HTMLAnchorElement)) return;
  const q = new URLSearchParams({ moves: moves.join(',') });
  if (startFen) q.set('fen', startFen);
  link.href = `/replay?${q}`;
  link.hidden = !shown;
}

/**
 * Wires the game menu's buttons (`[data-menu=copy-fen|copy-moves|pgn]` inside `root`).
 * @param {HTMLElement} root
 * @param {{startFen: () => string, moves: () => string[], pgn: () => (Promise<void>|void)}} actions
 * @param {AbortSignal} [signal] removes the listeners when aborted
 */
export function wireGameMenu(root, actions, signal) {
  root.querySelector('[data-menu=copy-fen]')?.addEventListener('click', () => copyText(actions.startFen(), t('game.start-fen')), { signal });
  root.querySelector('[data-menu=copy-moves]')?.addEventListener('click', () =>
    copyText(actions.moves().join(' '), t('game.iccs-moves')), { signal });
  root.querySelector('[data-menu=pgn]')?.addEventListener('click', () => actions.pgn(), { signal });
}
