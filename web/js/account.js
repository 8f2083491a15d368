// @ts-check
/**
 * @file The account page (/account): sign in (POST /api/session) or create an account
 * (POST /api/account) when signed out; when signed in, the name, sign out
 * (DELETE /api/session), change the password (POST /api/account/password) and delete the
 * account (DELETE /api/account). The session is an HttpOnly cookie the page never sees;
 * GET /api/session says who is signed in. The header's link (account-link.js) is updated
 * after each change.
 */
import { t, lang } from './i18n.js';
import { request, ApiError, heldSeats } from './api.js';
import { showAccount, cookieName } from './account-link.js';
import { addGameRows } from './games-table.js';

/** @typedef {{name: string, created: number}} Session */

/** @template {HTMLElement} T @param {string} id @returns {T} */
function byId(id) {
  const el = document.getElementById(id);
  if (!el) throw new Error(`missing #${id}`);
  return /** @type {T} */ (el);
}

const page = {
  signedOut: byId('signed-out'),
  signedIn: byId('signed-in'),
  error: byId('account-error'),
  meName: byId('me-name'),
  meSince: byId('me-since'),
  /** @type {Session|null} */
  session: null,
};

/**
 * What to say for a refusal: the account's own texts for the codes whose generic text is
 * about something else (a room's name, chat messages).
 * @param {unknown} e
 * @returns {string}
 */
function refusal(e) {
  if (!(e instanceof ApiError)) return e instanceof Error ? e.message : String(e);
  if (lang === 'en') return e.message;
  if (e.code === 'invalid_field') {
    return e.serverMessage.startsWith('name') ? t('account.name-rules') : t('account.password-rules');
  }
  if (e.code === 'rate_limited') return t('account.too-many-attempts');
  return e.message;
}

/** Shows the page for `session` (null: signed out). @param {Session|null} session */
function render(session) {
  page.session = session;
  page.signedOut.hidden = session !== null;
  page.signedIn.hidden = session === null;
  byId('my-games').hidden = session !== null || byId('my-games-body').children.length === 0;
  if (session) {
    /** @type {HTMLAnchorElement} */ (byId('my-profile')).href = `/@/${encodeURIComponent(session.name)}`;
    page.meName.textContent = session.name;
    const since = new Date(session.created).toLocaleDateString(document.documentElement.lang || undefined);
    page.meSince.textContent = t('account.member-since', { date: since });
    /** @type {HTMLInputElement} */ (byId('password-username')).value = session.name;
  }
  showAccount(session);
}

/**
 * Wires `form` to send what `send` builds; its error line shows a refusal, its button is
 * disabled meanwhile.
 * @param {string} formId
 * @param {string} errorId
 * @param {() => Promise<void>} send
 */
function onSubmit(formId, errorId, send) {
  const form = /** @type {HTMLFormElement} */ (byId(formId));
  const error = byId(errorId);
  const button = /** @type {HTMLButtonElement} */ (form.querySelector('button[type=submit]'));
  form.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    error.textContent = '';
    button.disabled = true;
    try {
      await send();
      form.reset();
    } catch (e) {
      error.textContent = refusal(e);
    } finally {
      button.disabled = false;
    }
  });
}

/** @param {string} id */
const value = (id) => /** @type {HTMLInputElement} */ (byId(id)).value;

onSubmit('sign-in-form', 'sign-in-error', async () => {
  render(await request('POST', '/api/session', { name: value('sign-in-name').trim(), password: value('sign-in-password') }));
});

onSubmit('sign-up-form', 'sign-up-error', async () => {
  render(await request('POST', '/api/account', { name: value('sign-up-name').trim(), password: value('sign-up-password') }));
});

/**
 * Sends a request that needs the current password: a wrong one is said as such (the
 * server's "no account has this name and password" reads oddly to a signed-in player).
 * @param {'POST'|'DELETE'} method
 * @param {string} path
 * @param {unknown} body
 */
async function withPassword(method, path, body) {
  try {
    return await request(method, path, body);
  } catch (e) {
    if (e instanceof ApiError && e.code === 'wrong_credentials') throw new Error(t('account.wrong-current-password'));
    throw e;
  }
}

onSubmit('password-form', 'password-error', async () => {
  byId('password-done').textContent = '';
  render(await withPassword('POST', '/api/account/password', {
    password: value('password-current'), new_password: value('password-new'),
  }));
  byId('password-done').textContent = t('account.password-changed');
});

onSubmit('delete-form', 'delete-error', async () => {
  if (!confirm(t('account.delete-confirm', { name: page.session?.name ?? '' }))) return;
  await withPassword('DELETE', '/api/account', { password: value('delete-password') });
  render(null);
});

byId('sign-out').addEventListener('click', async () => {
  page.error.textContent = '';
  try {
    await request('DELETE', '/api/session');
    render(null);
  } catch (e) {
    page.error.textContent = refusal(e);
  }
});

/**
 * Lists the finished games of the seats this browser holds (`xiangqi.seat.<CODE>` in
 * localStorage), for a player without an account (POST /api/games/mine).
 */
async function myGames() {
  const seats = heldSeats();
  if (!seats.length) return;
  try {
    const reply = await request('POST', '/api/games/mine', { seats: seats.slice(-200) });
    addGameRows(byId('my-games-body'), reply.games);
    byId('my-games').hidden = page.session !== null || reply.games.length === 0;
  } catch {
    /* offline: the list is for later */
  }
}
myGames();

// Only a browser that was signed in asks (a 401 is logged by the browser as an error).
if (cookieName()) {
  try {
    render(await request('GET', '/api/session'));
  } catch (e) {
    if (!(e instanceof ApiError && e.status === 401)) page.error.textContent = refusal(e);
    render(null);
  }
} else {
  render(null);
}
