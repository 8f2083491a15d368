// @ts-check
/**
 * @file What the game pages tell and ask the player beside the board: a short notice
 * (`toast`), the error box (`showError`), a button that acts on a second click
 * (`confirmButton`), the question in a modal `<dialog>` (dialog.js) before a game in
 * progress is discarded (`askDiscard`), why a `?fen=` link was refused (`showLinkProblem`),
 * the bar that offers the game a link set aside (`showSetAside`) and a button that copies a
 * share address and says so on itself (`wireCopyButton`).
 */

import { ApiError } from './api.js';
import { announce } from './speech.js';
import { t } from './i18n.js';

/** @typedef {import('./api.js').GameStatus} GameStatus */

/** @type {number|undefined} */
let toastTimer;

/**
 * Shows a short notice at the bottom of the screen (also read by screen readers).
 * @param {string} text
 */
export function toast(text) {
  let el = document.getElementById('toast');
  if (!el) {
    el = document.createElement('div');
    el.id = 'toast';
    el.className = 'toast';
    // Said through the page's live region, in order with the moves, not read twice.
    el.setAttribute('aria-hidden', 'true');
    document.body.appendChild(el);
  }
  announce(text);
  el.textContent = text;
  el.classList.add('show');
  window.clearTimeout(toastTimer);
  const t = el;
  toastTimer = window.setTimeout(() => t.classList.remove('show'), 2200);
}

/**
 * Shows an error (with the list of its problems, e.g. those of a FEN), or hides the box
 * when `text` is empty.
 * @param {HTMLElement} el
 * @param {string} text
 * @param {string[]} [problems]
 */
export function showError(el, text, problems = []) {
  el.hidden = !text;
  el.textContent = text;
  if (problems.length) {
    const ul = document.createElement('ul');
    for (const p of problems) {
      const li = document.createElement('li');
      li.textContent = p;
      ul.appendChild(li);
    }
    el.appendChild(ul);
  }
}

/**
 * Makes `button` act only on a second click within 4 s (no dialog to dismiss by accident):
 * the first click changes its text to `confirm`.
 * @param {HTMLElement} button
 * @param {string} confirm e.g. "Click again to resign"
 * @param {() => void} action
 * @param {AbortSignal} [signal] removes the listener when aborted
 */
export function confirmButton(button, confirm, action, signal) {
  const label = button.textContent ?? '';
  let armed = 0;
  button.addEventListener('click', () => {
    if (Date.now() - armed < 4000) {
      armed = 0;
      button.textContent = label;
      action();
    } else {
      armed = Date.now();
      button.textContent = confirm;
      window.setTimeout(() => {
        if (Date.now() - armed >= 3900) button.textContent = label;
      }, 4000);
    }
  }, { signal });
}

/**
 * Asks before a game in progress of `n` moves is discarded, in a modal dialog (dialog.js,
 * loaded when first needed).
 * @param {number} n
 * @param {string} title e.g. "Start a new game?"
 * @param {string} confirm the button that discards it
 * @returns {Promise<boolean>} whether the player agreed
 */
export async function askDiscard(n, title, confirm) {
  const { askConfirm } = await import('./dialog.js');
  return askConfirm({ title, text: t('game.will-be-lost', { moves: movesText(n) }), confirm, cancel: t('game.keep-playing') });
}

/**
 * Shows why a link's position was refused (the rules library's list of problems, or its
 * message) in `el`'s first child, and `el` until the player dismisses it (its button).
 * @param {HTMLElement} el
 * @param {unknown} e what the rules module threw
 * @param {string} after said after the reasons
 */
export function showLinkProblem(el, e, after) {
  const problems = e instanceof ApiError ? e.problems : [];
  const why = problems.length ? '' : `: ${e instanceof Error ? e.message : String(e)}`;
  showError(/** @type {HTMLElement} */ (el.firstElementChild), t('game.link-refused', { why }) + after, problems);
  el.hidden = false;
  el.querySelector('button')?.addEventListener('click', () => { el.hidden = true; }, { once: true });
}

/**
 * Shows (with `what`, e.g. "2 moves") or hides the bar offering the game a link set aside.
 * @param {HTMLElement} el its first child holds the text
 * @param {string|null} what
 */
export function showSetAside(el, what) {
  el.hidden = what === null;
  if (what !== null) /** @type {HTMLElement} */ (el.firstElementChild).textContent = t('game.earlier-kept', { what });
}

/** @param {number} n @returns {string} "1 move", "2 moves" */
export const movesText = (n) => t(n === 1 ? 'game.one-move' : 'game.moves', { n });

/**
 * Makes `button` copy the text of `field` (a share address) and read "Copied" for 1.5 s;
 * where the clipboard API is refused (an insecure origin), the field's text is selected and
 * copied the old way.
 * @param {HTMLElement} button
 * @param {HTMLInputElement} field
 */
export function wireCopyButton(button, field) {
  button.addEventListener('click', async () => {
    try {
      await navigator.clipboard.writeText(field.value);
    } catch {
      field.select();
      document.execCommand('copy');
    }
    button.textContent = t('common.copied');
    setTimeout(() => { button.textContent = t('common.copy'); }, 1500);
  });
}
