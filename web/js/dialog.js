// @ts-check
/**
 * @file A question in a modal `<dialog>`: `askConfirm(question)` (loaded by the pages when
 * they first need to ask, e.g. before New game discards a game in progress).
 */

const STYLE_ID = 'xq-dialog-style';
const CSS = `.xq-dialog { border: 1px solid #e2d7c5; border-radius: 14px; padding: 1.1rem 1.2rem; max-width: min(26rem, 92vw); background: #fffdf8; color: #221c17; box-shadow: 0 8px 40px rgb(0 0 0 / 25%); } .xq-dialog::backdrop { background: rgb(20 14 8 / 45%); } .xq-dialog h2 { font-size: 1.1rem; margin: 0 0 .4rem; } .xq-dialog p { margin: 0 0 1rem; } .xq-dialog .xq-dialog-buttons { display: flex; gap: .5rem; justify-content: flex-end; flex-wrap: wrap; }`;

/**
 * @typedef {object} Question
 * @property {string} title e.g. "Start a new game?"
 * @property {string} text what is at stake
 * @property {string} confirm the button that goes ahead, e.g. "New game"
 * @property {string} cancel the button that keeps things as they are (the default)
 */

/**
 * Asks a question in a modal dialog (`dialog#confirm-dialog`, its buttons `[value=ok]` and
 * `[value=cancel]`); Escape and the cancel button, which has the focus, say no.
 * @param {Question} q
 * @returns {Promise<boolean>} whether the player confirmed
 */
export function askConfirm(q) {
  if (!document.getElementById(STYLE_ID)) {
    const st = document.createElement('style');
    st.id = STYLE_ID;
    st.textContent = CSS;
    document.head.append(st);
  }
  document.getElementById('confirm-dialog')?.remove();
  const d = document.createElement('dialog');
  if (typeof d.showModal !== 'function') return Promise.resolve(window.confirm(`${q.title}\n${q.text}`));
  d.id = 'confirm-dialog';
  d.className = 'xq-dialog';
  d.setAttribute('aria-labelledby', 'confirm-title');
  d.setAttribute('aria-describedby', 'confirm-text');
  const form = document.createElement('form');
  form.method = 'dialog';
  const h = document.createElement('h2');
  h.id = 'confirm-title';
  h.textContent = q.title;
  const p = document.createElement('p');
  p.id = 'confirm-text';
  p.textContent = q.text;
  const buttons = document.createElement('div');
  buttons.className = 'xq-dialog-buttons';
  const cancel = document.createElement('button');
  cancel.className = 'btn';
  cancel.value = 'cancel';
  cancel.textContent = q.cancel;
  cancel.autofocus = true;
  const ok = document.createElement('button');
  ok.className = 'btn primary';
  ok.value = 'ok';
  ok.textContent = q.confirm;
  buttons.append(cancel, ok);
  form.append(h, p, buttons);
  d.append(form);
  document.body.append(d);
  return new Promise((resolve) => {
    d.addEventListener('close', () => {
      resolve(d.returnValue === 'ok');
      d.remove();
    });
    d.showModal();
  });
}
