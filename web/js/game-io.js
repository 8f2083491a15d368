// @ts-check
/**
 * @file Game import and export for the pages where a game is entered (/replay, /analysis,
 * the puzzle editor). Everything is read and written by the games module in the page
 * (xiangqi-wasm.js: `read_game`, `write_game`; loaded at the first import or export): a file picked is an XQF file (XQStudio's
 * binary format, recognised by its `XQ` start or its name) or text — PGN, DhtmlXQ/UBB, a
 * FEN or a move list in ICCS, WXF or Chinese; text files that are not UTF-8 are read as
 * GBK, the encoding of most Chinese game files. Export writes PGN or DhtmlXQ, downloaded
 * or copied.
 *
 * A page provides a container with its heading and hint; `wireGameIo` adds the controls
 * (a file picker `[data-io=file]` and the buttons `[data-io=download-pgn|download-dhtmlxq|
 * copy-pgn|copy-dhtmlxq]`), styled with the page's classes.
 */

import { t } from './i18n.js';
import { readGame, readXqf, writeGame, WasmError } from './xiangqi-wasm.js';
import { copyText, download } from './game-files.js';

/** @typedef {import('./xiangqi-wasm.js').ReadGame} ReadGame */

/**
 * @typedef {object} ExportedGame what a page exports
 * @property {string|null} fen the start position (null: the standard one)
 * @property {string[]} moves ICCS
 * @property {[string, string][]} [tags] PGN tags (Event, Red, Black, …)
 * @property {string} [result] `1-0`, `0-1` or `1/2-1/2` for a game the moves leave open
 * @property {string} name the file name without its extension
 */

/**
 * Reads a file picked by the player.
 * @param {Blob & {name: string}} file
 * @returns {Promise<ReadGame>}
 * @throws {WasmError} `invalid_game` naming the problem
 */
export async function readFile(file) {
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (/\.xqf$/i.test(file.name) || (bytes[0] === 0x58 && bytes[1] === 0x51 && bytes.length >= 1024)) {
    return readXqf(bytes);
  }
  let text;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    text = new TextDecoder('gbk').decode(bytes);
  }
  if (!text.trim()) throw new WasmError('invalid_game', 'the file is empty');
  return readGame(text);
}

/**
 * The message a page shows for a file or text that could not be read.
 * @param {unknown} err
 * @param {string} [what] e.g. the file's name
 */
export function importMessage(err, what) {
  const why = err instanceof Error ? err.message : String(err);
  return what ? t('io.not-read-named', { what, why }) : t('io.not-read', { why });
}

/**
 * Wires a page's import and export controls inside `root`.
 * @param {HTMLElement} root
 * @param {{onGame: (g: ReadGame) => void | Promise<unknown>, game: () => ExportedGame | null,
 *   onError: (message: string) => void}} page `onGame` takes an imported game, `game` gives
 *   the game to export (null: nothing yet), `onError` shows a problem
 */
export function wireGameIo(root, page) {
  const site = root.classList.contains('s-card');
  const label = document.createElement('label');
  label.className = site ? 's-field' : 'field';
  const span = document.createElement('span');
  span.textContent = t('io.open');
  const input = document.createElement('input');
  input.type = 'file';
  input.dataset.io = 'file';
  input.accept = '.xqf,.pgn,.txt,.ubb,application/x-chess-pgn,text/plain';
  label.append(span, input);
  const row = document.createElement('div');
  row.className = site ? 's-tools' : 'row';
  if (!site) row.style.marginTop = '.6rem';
  for (const [io, text] of [['download-pgn', t('common.download-pgn')], ['download-dhtmlxq', t('io.download-dhtmlxq')],
    ['copy-pgn', t('io.copy-pgn')], ['copy-dhtmlxq', t('io.copy-dhtmlxq')]]) {
    const b = document.createElement('button');
    b.type = 'button';
    b.className = site ? 's-btn small' : 'btn';
    b.dataset.io = io;
    b.textContent = text;
    row.append(b);
  }
  root.append(label, row);
  input.addEventListener('change', async () => {
    const file = input.files?.[0];
    if (!file) return;
    try {
      await page.onGame(await readFile(file));
    } catch (err) {
      page.onError(importMessage(err, file.name));
    } finally {
      input.value = '';
    }
  });
  /** @param {'pgn'|'dhtmlxq'} format */
  const text = async (format) => {
    const g = page.game();
    if (!g) {
      page.onError(t('io.nothing'));
      return null;
    }
    try {
      return await writeGame({ fen: g.fen, moves: g.moves, tags: g.tags, result: g.result, format });
    } catch (err) {
      page.onError(t('io.not-written', { why: err instanceof Error ? err.message : String(err) }));
      return null;
    }
  };
  for (const format of /** @type {const} */ (['pgn', 'dhtmlxq'])) {
    root.querySelector(`[data-io=download-${format}]`)?.addEventListener('click', async () => {
      const t = await text(format);
      const g = page.game();
      if (t !== null && g) {
        download(`${g.name}.${format === 'pgn' ? 'pgn' : 'txt'}`, t, format === 'pgn' ? 'application/x-chess-pgn' : 'text/plain');
      }
    });
    root.querySelector(`[data-io=copy-${format}]`)?.addEventListener('click', async () => {
      const t = await text(format);
      if (t !== null) await copyText(t, format === 'pgn' ? 'PGN' : 'DhtmlXQ');
    });
  }
}
