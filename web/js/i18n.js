// @ts-check
/**
 * @file The page's language (saved choice, else the browser's, else English), its texts
 * (only its file fetched, awaited at load so importers write in it from their first line),
 * the marked elements translated (`data-i18n`, `data-i18n-html`, `data-i18n-attr`), `t()`
 * and the header's switch. docs/browser.md, "Languages", tells how; in short:
 *
 * ```js
 * status.textContent = t('game.to-move', { side: t('ruling.sides.red') });
 * ```
 */

/** @typedef {'en'|'zh-Hans'|'zh-Hant'|'vi'} Lang */

/**
 * The languages of the site, each named in itself (as the switch shows it). Adding one:
 * `web/i18n/<code>.json`, `guide/<code>.json` and `puzzles/<code>.json` with every key of
 * English's, a line here, and its browser language tags in {@link pickLanguage}.
 * @type {ReadonlyArray<{code: Lang, name: string}>}
 */
export const LANGUAGES = [
  { code: 'en', name: 'English' },
  { code: 'zh-Hans', name: '简体中文' },
  { code: 'zh-Hant', name: '繁體中文' },
  { code: 'vi', name: 'Tiếng Việt' },
];

/** The localStorage key of the player's chosen language. */
export const LANG_KEY = 'xiangqi.lang';

/**
 * Chooses the language: `saved` when it is one of ours, else the first of the browser's
 * language tags that we have (zh-CN, zh-SG, zh-Hans… → zh-Hans; zh-TW, zh-HK, zh-MO,
 * zh-Hant… → zh-Hant; a bare `zh` → zh-Hans; vi → vi; en → en), else English.
 * @param {string|null|undefined} saved
 * @param {readonly string[]} browser `navigator.languages`, most preferred first
 * @returns {Lang}
 */
export function pickLanguage(saved, browser) {
  const ours = LANGUAGES.find((l) => l.code === saved);
  if (ours) return ours.code;
  for (const tag of browser) {
    const [lang, ...rest] = tag.toLowerCase().split('-');
    if (lang === 'en') return 'en';
    if (lang === 'vi') return 'vi';
    if (lang === 'zh') {
      if (rest.includes('hant') || rest.some((r) => r === 'tw' || r === 'hk' || r === 'mo')) return 'zh-Hant';
      return 'zh-Hans';
    }
  }
  return 'en';
}

/** @returns {string|null} the saved choice, null when none or localStorage is unavailable */
function savedLanguage() {
  try {
    return localStorage.getItem(LANG_KEY);
  } catch {
    return null;
  }
}

/** The page's language. */
export const lang = pickLanguage(savedLanguage(), navigator.languages ?? [navigator.language]);

/**
 * Fetches a file of texts, relative to this module (so from the same versioned asset folder,
 * and from the service worker's cache offline).
 * @param {string} path under `web/i18n/`, e.g. `vi.json`
 * @returns {Promise<Record<string, any>>}
 */
async function load(path) {
  const res = await fetch(new URL(`../i18n/${path}`, import.meta.url));
  if (!res.ok) throw new Error(`${res.status} ${res.statusText}`);
  return res.json();
}

/**
 * Fetches a language's texts: its file, plus a part only some pages need when the page marks
 * one of its texts: the rules guide's `guide/<code>.json` as the section `guide` (not in
 * English: the page has it), and `puzzles/<code>.json` (the sections `puzzles`, `trainer`).
 * @param {Lang} code
 * @returns {Promise<Record<string, any>>}
 */
async function loadLanguage(code) {
  const marks = (/** @type {string} */ s) => document.querySelector(`[data-i18n^="${s}"], [data-i18n-html^="${s}"]`);
  const guide = code !== 'en' && marks('guide.');
  const [site, guideTexts, puzzles] = await Promise.all([load(`${code}.json`),
    guide ? load(`guide/${code}.json`) : null, marks('puzzles.') || marks('trainer.') ? load(`puzzles/${code}.json`) : null]);
  return { ...site, ...puzzles, ...(guideTexts ? { guide: guideTexts } : {}) };
}

/** The family drawing a language's interface text (css/fonts-zh.css), where it needs one of ours. */
const INTERFACE_FONTS = /** @type {Partial<Record<Lang, string>>} */ ({ 'zh-Hans': 'Xiangqi UI SC', 'zh-Hant': 'Xiangqi UI TC' });

/**
 * Loads the faces of the page language's interface font that draw the Chinese characters of
 * `value` (a string, or the strings inside a JSON value); resolves at once in a language that
 * has no such font, and when a face cannot be had. Text is put into the page only after this:
 * Chromium keeps text it shaped while a `unicode-range` face was still loading in its
 * fallback font (empty boxes on a computer without a CJK font), even once the face is there.
 * @param {unknown} value
 * @returns {Promise<void>}
 */
export async function interfaceFontReady(value) {
  const family = INTERFACE_FONTS[lang];
  if (!family || !document.fonts) return;
  const chars = new Set([...JSON.stringify(value) ?? ''].filter((c) => c >= '\u2e80'));
  if (chars.size === 0) return;
  try {
    await interfaceStylesheet;
    await document.fonts.load(`16px "${family}"`, [...chars].join(''));
  } catch {
    /* the system's fonts draw what they can */
  }
}

/**
 * The Chinese interface's stylesheet (its faces and font stacks, css/fonts-zh.css), added to a
 * page in Chinese only; resolves once it has loaded (or failed: the system's fonts are left).
 * @type {Promise<void>}
 */
const interfaceStylesheet = INTERFACE_FONTS[lang] ? new Promise((resolve) => {
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = new URL('../css/fonts-zh.css', import.meta.url).href;
  link.addEventListener('load', () => resolve(), { once: true });
  link.addEventListener('error', () => resolve(), { once: true });
  document.head.append(link);
}) : Promise.resolve();

/** The chosen language's texts; English's when its files cannot be had (the page stays usable). */
let texts = {};
try {
  texts = await loadLanguage(lang);
} catch {
  try {
    texts = lang === 'en' ? {} : await loadLanguage('en');
  } catch {
    texts = {};
  }
}
// Both Chinese names of the language switch are drawn with the interface font too.
await interfaceFontReady([texts, LANGUAGES.map((l) => l.name)]);

/**
 * Returns the value at a dotted key (`play.chat`, `ruling.sides`): a string, a section
 * (object) or undefined.
 * @param {string} key
 * @returns {unknown}
 */
export function lookup(key) {
  /** @type {any} */
  let v = texts;
  for (const part of key.split('.')) {
    if (v === null || typeof v !== 'object') return undefined;
    v = v[part];
  }
  return v;
}

/**
 * Fills a template's `{name}` parts; a part not given stays as written.
 * @param {string} template
 * @param {Record<string, string|number>} parts
 * @returns {string}
 */
export function format(template, parts) {
  return template.replace(/\{(\w+)\}/g, (all, name) => (name in parts ? String(parts[name]) : all));
}

/**
 * Returns the text of `key` in the page's language with its `{name}` parts filled, or the
 * key itself when the language has no such text (which the key test rules out).
 * @param {string} key
 * @param {Record<string, string|number>} [parts]
 * @returns {string}
 */
export function t(key, parts = {}) {
  const v = lookup(key);
  return typeof v === 'string' ? format(v, parts) : key;
}

/**
 * Returns what to show for an error the server or the rules module answered: in English its
 * own `message` (the most precise), in another language the text of its `code` (the
 * `errors` section) with its `{name}` parts filled from `parts`, or the message when the
 * code has none.
 * @param {string} code e.g. `illegal_move`
 * @param {string} message the English message
 * @param {Record<string, string|number>} [parts] e.g. `{seconds: 4}` for `engine_busy`
 * @returns {string}
 */
export function errorText(code, message, parts = {}) {
  if (lang === 'en') return message;
  const v = lookup(`errors.${code}`);
  return typeof v === 'string' ? format(v, parts) : message;
}

/**
 * Returns the parts an error's text may name, from the error's JSON: `seconds` from its
 * `retry_after_s` (an `engine_busy` or `rate_limited` refusal), when it has one.
 * @param {any} err the `error` object of a reply, or a socket's `error` message
 * @returns {Record<string, string|number>}
 */
export function errorParts(err) {
  const s = err && typeof err.retry_after_s === 'number' ? err.retry_after_s : null;
  return s === null ? {} : { seconds: Math.max(1, Math.round(s)) };
}

/**
 * Returns a whole section of the texts (`ruling`, `speech`) as the file has it.
 * @param {string} key
 * @returns {any}
 */
export function section(key) {
  const v = lookup(key);
  return v && typeof v === 'object' ? v : {};
}

/**
 * Translates the marked elements under `root` (see the file's comment).
 * @param {ParentNode} [root]
 */
export function translate(root = document) {
  for (const el of root.querySelectorAll('[data-i18n]')) {
    el.textContent = t(el.getAttribute('data-i18n') ?? '');
  }
  for (const el of root.querySelectorAll('[data-i18n-html]')) {
    el.innerHTML = t(el.getAttribute('data-i18n-html') ?? '');
  }
  for (const el of root.querySelectorAll('[data-i18n-attr]')) {
    for (const pair of (el.getAttribute('data-i18n-attr') ?? '').split(';')) {
      const [name, key] = pair.split(':');
      if (name && key) el.setAttribute(name.trim(), t(key.trim()));
    }
  }
}

/**
 * Chooses a language, remembers it and shows the page again in it.
 * @param {string} code one of {@link LANGUAGES}
 */
export function setLanguage(code) {
  if (!LANGUAGES.some((l) => l.code === code)) return;
  try {
    localStorage.setItem(LANG_KEY, code);
  } catch {
    /* not remembered: private mode */
  }
  location.reload();
}

/**
 * Puts the language switch (a labelled `<select id="lang-switch">`, each language named in
 * itself) at the end of the page's header.
 */
function addSwitch() {
  const header = document.querySelector('.s-header-inner');
  if (!header || document.getElementById('lang-switch')) return;
  const label = document.createElement('label');
  label.className = 's-lang';
  const select = document.createElement('select');
  select.id = 'lang-switch';
  select.setAttribute('aria-label', t('common.language'));
  for (const l of LANGUAGES) {
    const option = document.createElement('option');
    option.value = l.code;
    option.lang = l.code;
    option.textContent = l.name;
    option.selected = l.code === lang;
    select.appendChild(option);
  }
  select.addEventListener('change', () => setLanguage(select.value));
  label.appendChild(select);
  header.appendChild(label);
}

/** Applies the language to the page: `<html lang>`, the marked elements, the switch. */
function apply() {
  document.documentElement.lang = lang;
  if (lang !== 'en') translate();
  addSwitch();
  document.documentElement.dataset.lang = lang;
}

if (document.readyState === 'loading') {
  document.addEventListener('DOMContentLoaded', apply, { once: true });
} else {
  apply();
}
