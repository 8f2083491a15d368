// @ts-check
/**
 * @file The board settings every board page shows beside its board, the same on each
 * (`settingsPanel(host)`: `button[data-setting=sound]` with `aria-pressed`,
 * `select[data-setting=board]` (`wood`, `green`, `grey`) and `select[data-setting=pieces]`
 * (`chinese`, `letters`, `symbols`: board-symbols.js)), and the two it keeps: the piece style (`getPieceStyle`,
 * `setPieceStyle`, under `xiangqi.pieceStyle`, applied to every board of the page at once
 * through `onPieceStyleChange`) and the board's colours (`getBoardTheme`, `setBoardTheme`,
 * under `xiangqi.boardTheme`, applied as `<html data-board-theme>` on every open page).
 */

import { t } from './i18n.js';
import { onSoundChange, setSoundOn, soundOn } from './sound-switch.js';

/** localStorage key of the piece style setting. */
export const PIECE_STYLE_KEY = 'xiangqi.pieceStyle';
/** localStorage key of the board colours. */
export const BOARD_THEME_KEY = 'xiangqi.boardTheme';
/** The board colours to choose from, the first the default, each with its name. */
export const BOARD_THEMES = /** @type {const} */ ([['wood', 'Wood'], ['green', 'Jade green'], ['grey', 'Slate grey']]);

/** @typedef {'chinese'|'letters'|'symbols'} PieceStyle */

/**
 * The piece style a stored or chosen value names; `chinese` for anything else.
 * @param {string|null} value
 * @returns {PieceStyle}
 */
export function pieceStyleOf(value) {
  return value === 'letters' || value === 'symbols' ? value : 'chinese';
}
/** @typedef {typeof BOARD_THEMES[number][0]} BoardTheme */

/** What each board of the page does when the piece style changes. @type {Set<(style: PieceStyle) => void>} */
const styleListeners = new Set();

/**
 * Calls `f` with the new piece style whenever it changes (here or in another tab); returns
 * the function that stops it.
 * @param {(style: PieceStyle) => void} f
 * @returns {() => void}
 */
export function onPieceStyleChange(f) {
  styleListeners.add(f);
  return () => styleListeners.delete(f);
}

/** @returns {PieceStyle} */
export function getPieceStyle() {
  try {
    return pieceStyleOf(localStorage.getItem(PIECE_STYLE_KEY));
  } catch {
    return 'chinese';
  }
}

/**
 * Sets (and persists) the piece style of every board.
 * @param {PieceStyle} style
 */
export function setPieceStyle(style) {
  try {
    localStorage.setItem(PIECE_STYLE_KEY, style);
  } catch {
    /* storage may be unavailable: the setting then lasts for this page only */
  }
  for (const f of styleListeners) f(style);
}

/** @returns {BoardTheme} */
export function getBoardTheme() {
  let v = null;
  try {
    v = localStorage.getItem(BOARD_THEME_KEY);
  } catch {
    /* no storage: the default */
  }
  return BOARD_THEMES.find(([id]) => id === v)?.[0] ?? 'wood';
}

/** @param {BoardTheme} theme */
function applyBoardTheme(theme) {
  document.documentElement.dataset.boardTheme = theme;
}

/**
 * Sets (and persists) the colours of every board.
 * @param {BoardTheme} theme
 */
export function setBoardTheme(theme) {
  try {
    localStorage.setItem(BOARD_THEME_KEY, theme);
  } catch {
    /* storage may be unavailable: the setting then lasts for this page only */
  }
  applyBoardTheme(theme);
}

if (typeof window !== 'undefined') {
  applyBoardTheme(getBoardTheme());
  window.addEventListener('storage', (e) => {
    if (e.key === PIECE_STYLE_KEY) for (const f of styleListeners) f(getPieceStyle());
    if (e.key === BOARD_THEME_KEY) applyBoardTheme(getBoardTheme());
  });
}

/** The speaker, with sound waves or with a cross. */
const SPEAKER = '<path d="M3 9h4l5-4v14l-5-4H3z" fill="currentColor"/>';
const WAVES = '<path d="M15.5 8.5a5 5 0 0 1 0 7M18 6a8.5 8.5 0 0 1 0 12" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round"/>';
const CROSS = '<path d="M15.5 9.5l5 5m0-5l-5 5" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round"/>';

/**
 * A labelled select.
 * @param {string} label
 * @param {string} setting
 * @param {readonly (readonly [string, string])[]} options value and text
 * @param {string} value
 * @param {(v: string) => void} change
 */
function select(label, setting, options, value, change) {
  const wrap = document.createElement('label');
  const span = document.createElement('span');
  span.textContent = label;
  const sel = document.createElement('select');
  sel.dataset.setting = setting;
  for (const [v, text] of options) sel.add(new Option(text, v, false, v === value));
  sel.addEventListener('change', () => change(sel.value));
  wrap.append(span, sel);
  return wrap;
}

/**
 * Fills `host` with the sound switch and the board and piece settings.
 * @param {HTMLElement|null} host
 */
export function settingsPanel(host) {
  if (!host) return;
  host.classList.add('xq-settings');
  host.setAttribute('role', 'group');
  host.setAttribute('aria-label', t('settings.group'));
  host.textContent = '';

  const sound = document.createElement('button');
  sound.type = 'button';
  sound.className = 'xq-sound';
  sound.dataset.setting = 'sound';
  sound.title = t('settings.sound-title');
  const show = (/** @type {boolean} */ on) => {
    sound.setAttribute('aria-pressed', String(on));
    sound.innerHTML = `<svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">${SPEAKER}${on ? WAVES : CROSS}</svg><span>${t('settings.sound')}</span>`;
  };
  show(soundOn());
  sound.addEventListener('click', () => setSoundOn(sound.getAttribute('aria-pressed') !== 'true'));
  onSoundChange(show);

  const board = select(t('settings.board'), 'board', BOARD_THEMES.map(([v]) => [v, t(`settings.theme-${v}`)]), getBoardTheme(), (v) => {
    setBoardTheme(/** @type {BoardTheme} */ (v));
  });
  const pieces = select(t('settings.pieces'), 'pieces', [['chinese', t('settings.chinese-pieces')], ['letters', t('settings.letter-pieces')],
    ['symbols', t('settings.symbol-pieces')]], getPieceStyle(), (v) => setPieceStyle(pieceStyleOf(v)));
  host.append(sound, board, pieces);
}
