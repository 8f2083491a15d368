// @ts-check
/**
 * @file Built-in classic games for the replay page, read at run time from the PGN files of
 * web/classics/ (served and precached with the other assets, so they work offline).
 *
 * Each file is one game: the moves in Chinese notation, the same moves in ICCS (`[ICCS]`),
 * `[Event]`, `[Site]`, `[Date]`, `[Red]`, `[Black]`, `[Result]`, an English `[Title]` and
 * `[Description]` saying why the game is famous, and the `[Source]` of the record.
 * crates/xiangqi/tests/it/classics.rs replays every file through the rules library, checks each
 * Chinese move against its ICCS move and the final position against Fairy-Stockfish's,
 * and checks that CLASSIC_FILES names exactly the files of the folder. The page reads only
 * the tags (the moves from `[ICCS]`), so it needs no PGN reader: the games module
 * (games.wasm) stays unloaded until the player imports a game.
 *
 * In another language than English the title, event, players and description come from
 * web/i18n/classics/<code>.json (the players' names in their usual Chinese, or
 * Sino-Vietnamese, form), keyed by the classic's id; the PGN's English stays where a text is
 * missing, and the exported PGN keeps the file's tags.
 */

import { interfaceFontReady, lang } from './i18n.js';

/** The files of web/classics/, in the order the page offers them (the first is the default). */
export const CLASSIC_FILES = [
  '01-juzhongmi.pgn',
  '02-li-yiting-hu-ronghua-1961.pgn',
  '03-hu-ronghua-wang-jialiang-1965.pgn',
  '04-li-laiqun-jiang-zhiliang-1977.pgn',
  '05-yang-guanlin-zhao-qingge-1978.pgn',
  '06-lu-qin-wang-jialiang-1980.pgn',
  '07-lin-ye-huang-zijun-1981.pgn',
  '08-liu-dahua-liang-wenbin-1983.pgn',
  '09-hu-ronghua-zhao-guorong-1984.pgn',
  '10-li-laiqun-lu-qin-1991.pgn',
  '11-hu-ronghua-li-laiqun-1991.pgn',
  '12-xu-yinchuan-yan-wenqing-1999.pgn',
];

/**
 * @typedef {object} Classic
 * @property {string} id the file name without its number and extension (`juzhongmi`), as in `?classic=`
 * @property {string} title
 * @property {string} red
 * @property {string} black
 * @property {string} event
 * @property {string} year the first four characters of `[Date]`
 * @property {string} result `1-0`, `0-1` or `1/2-1/2`
 * @property {string} description
 * @property {string} source a URL
 * @property {null} fen the start position (every classic starts there)
 * @property {string[]} moves ICCS
 * @property {[string, string][]} tags the file's tags, less `[ICCS]` (the moves say it)
 */

/**
 * Reads the tags of a PGN text: `[Name "value"]` lines, with `\"` and `\\` escapes.
 * @param {string} text
 * @returns {[string, string][]}
 */
export function pgnTags(text) {
  /** @type {[string, string][]} */
  const tags = [];
  for (const line of text.split(/\r?\n/)) {
    const m = /^\s*\[(\w+)\s+"((?:[^"\\]|\\.)*)"\]\s*$/.exec(line);
    if (m) tags.push([m[1], m[2].replace(/\\(.)/g, '$1')]);
  }
  return tags;
}

/**
 * Returns a classic's id: its file name without the number and `.pgn`.
 * @param {string} file such as `01-juzhongmi.pgn`
 * @returns {string} such as `juzhongmi`
 */
export function classicId(file) {
  return file.replace(/^\d+-/, '').replace(/\.pgn$/, '');
}

/**
 * Fetches and reads one classic.
 * @param {string} file a name from CLASSIC_FILES
 * @returns {Promise<Classic>}
 * @throws {Error} when the file cannot be fetched or has no `[ICCS]` moves
 */
export async function loadClassic(file) {
  const r = await fetch(new URL(`../classics/${file}`, import.meta.url));
  if (!r.ok) throw new Error(`${file}: HTTP ${r.status}`);
  const tags = pgnTags(await r.text());
  const tag = (/** @type {string} */ name) => tags.find(([k]) => k === name)?.[1] ?? '';
  const moves = tag('ICCS').split(/\s+/).filter(Boolean);
  if (!moves.length) throw new Error(`${file}: no [ICCS] moves`);
  return {
    id: classicId(file),
    title: tag('Title') || classicId(file),
    red: tag('Red'),
    black: tag('Black'),
    event: tag('Event'),
    year: tag('Date').slice(0, 4),
    result: tag('Result'),
    description: tag('Description'),
    source: tag('Source'),
    fen: null,
    moves,
    tags: tags.filter(([k]) => k !== 'ICCS'),
  };
}

/**
 * Fetches and reads every classic, in CLASSIC_FILES order; a file that fails is left out
 * and its error returned beside the rest.
 * @returns {Promise<{classics: Classic[], errors: string[]}>}
 */
export async function loadClassics() {
  const [settled, texts] = await Promise.all([Promise.allSettled(CLASSIC_FILES.map(loadClassic)), translations()]);
  /** @type {Classic[]} */
  const classics = [];
  /** @type {string[]} */
  const errors = [];
  for (const s of settled) {
    if (s.status === 'fulfilled') classics.push(translated(s.value, texts[s.value.id]));
    else errors.push(s.reason instanceof Error ? s.reason.message : String(s.reason));
  }
  return { classics, errors };
}

/** The texts of a classic that are translated. */
const TRANSLATED = /** @type {const} */ (['title', 'event', 'red', 'black', 'description']);

/**
 * Fetches the classics' texts in the page's language (none in English, the files' own);
 * a file that cannot be had leaves the English.
 * @returns {Promise<Record<string, Partial<Record<typeof TRANSLATED[number], string>>>>}
 */
async function translations() {
  if (lang === 'en') return {};
  try {
    const r = await fetch(new URL(`../i18n/classics/${lang}.json`, import.meta.url));
    const texts = r.ok ? await r.json() : {};
    await interfaceFontReady(texts);
    return texts;
  } catch {
    return {};
  }
}

/**
 * A classic with its texts in the page's language, where it has them.
 * @param {Classic} c
 * @param {Partial<Record<typeof TRANSLATED[number], string>>|undefined} texts
 * @returns {Classic}
 */
function translated(c, texts) {
  if (!texts) return c;
  const out = { ...c };
  for (const key of TRANSLATED) {
    const v = texts[key];
    if (typeof v === 'string' && v) out[key] = v;
  }
  return out;
}
