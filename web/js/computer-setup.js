// @ts-check
/**
 * @file /computer's setup form: the level, colour and clock of the next game. The form is
 * filled with the choices last made (computer-store.js), read into a new game's settings,
 * and shown or hidden with a note when a link's position (`?fen=`) will start the game. The
 * page (computer.js) decides what happens when the form is sent.
 */

import { t } from './i18n.js';
import { loadPrefs } from './computer-store.js';
import { clockOf, clockOptions } from './computer-clock.js';

/** @typedef {'red'|'black'} Color */
/** @typedef {import('./computer-store.js').ComputerGame} ComputerGame */

/** @param {string} id */
const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));

/** @param {string} id */
const select = (id) => /** @type {HTMLSelectElement} */ ($(id));

/** Fills the clock choices and selects the level, colour and clock last chosen. */
export function fillSetup() {
  const clockSelect = select('clock');
  clockSelect.replaceChildren(...clockOptions());
  const prefs = loadPrefs();
  if (!prefs) return;
  if (prefs.level) select('level').value = String(prefs.level);
  if (prefs.color) select('color').value = String(prefs.color);
  if (typeof prefs.clock === 'string' && [...clockSelect.options].some((o) => o.value === prefs.clock)) clockSelect.value = prefs.clock;
}

/**
 * The form's choices: the level (1–5), the colour as chosen (`red`, `black` or `random`)
 * and as drawn, the clock's select value and its clock (null: untimed).
 * @returns {{level: number, chosen: string, color: Color, clockChoice: string,
 *   clock: import('./computer-clock.js').GameClock|null}}
 */
export function readSetup() {
  const level = Number(select('level').value);
  const chosen = select('color').value;
  /** @type {Color} */
  const color = chosen === 'random' ? (Math.random() < 0.5 ? 'red' : 'black') : chosen === 'black' ? 'black' : 'red';
  const clockChoice = select('clock').value;
  return { level, chosen, color, clockChoice, clock: clockOf(clockChoice) };
}

/**
 * Shows or hides the form; Cancel is offered when there is a game to go back to, and the
 * note says where the next game starts when a link gave a position.
 * @param {boolean} show
 * @param {{game: ComputerGame|null, setupFen: string|null}} state
 */
export function showSetupForm(show, { game, setupFen }) {
  $('setup').hidden = !show;
  $('cancel-setup').hidden = !game;
  const fenNote = $('setup-fen');
  fenNote.hidden = !setupFen;
  fenNote.textContent = !setupFen ? ''
    : t(game && game.moves.length ? 'computer.starts-from-aside' : 'computer.starts-from', { fen: setupFen });
  if (show) select('level').focus();
}
