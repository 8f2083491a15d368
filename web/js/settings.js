// @ts-check
/**
 * @file The settings every board page shows beside its board, the same on each: the sound
 * switch, the board's colours and the piece style (Chinese characters or letters). Each is
 * kept in localStorage (sound.js, board.js) and followed by every board and every open page
 * at once.
 *
 * `settingsPanel(host)` fills `host` (e.g. `<div class="xq-settings" id="settings">`) with:
 * - `button[data-setting=sound]` (`aria-pressed="true"` while sounds are on),
 * - `select[data-setting=board]` (`wood`, `green`, `grey`),
 * - `select[data-setting=pieces]` (`chinese`, `letters`).
 */

import { BOARD_THEMES, getBoardTheme, getPieceStyle, setBoardTheme, setPieceStyle } from './board.js';
import { onSoundChange, setSoundOn, soundOn } from './sound.js';

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
  host.setAttribute('aria-label', 'Sound and board settings');
  host.textContent = '';

  const sound = document.createElement('button');
  sound.type = 'button';
  sound.className = 'xq-sound';
  sound.dataset.setting = 'sound';
  sound.title = 'Sounds of moves, captures, checks and the end of the game';
  const show = (/** @type {boolean} */ on) => {
    sound.setAttribute('aria-pressed', String(on));
    sound.innerHTML = `<svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">${SPEAKER}${on ? WAVES : CROSS}</svg><span>Sound</span>`;
  };
  show(soundOn());
  sound.addEventListener('click', () => setSoundOn(sound.getAttribute('aria-pressed') !== 'true'));
  onSoundChange(show);

  const board = select('Board', 'board', BOARD_THEMES, getBoardTheme(), (v) => {
    setBoardTheme(/** @type {import('./board.js').BoardTheme} */ (v));
  });
  const pieces = select('Pieces', 'pieces', [['chinese', 'Chinese characters'], ['letters', 'Letters (G A E H R C S)']],
    getPieceStyle(), (v) => setPieceStyle(v === 'letters' ? 'letters' : 'chinese'));
  host.append(sound, board, pieces);
}
