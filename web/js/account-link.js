// @ts-check
/**
 * @file The header's account link (web/partials/header.html, `#account-link`): "Sign in",
 * or the signed-in player's name. The name comes from the `xq_name` cookie the server sets
 * beside the (HttpOnly) session cookie, so no page asks the server who is signed in unless
 * someone was; then GET /api/session confirms it (a session that ended meanwhile answers
 * 401 and clears both cookies). Offline the name stays as the cookie says.
 */
import { t } from './i18n.js';

/**
 * Shows `session` in the header's link: its name, or "Sign in" when null.
 * @param {{name: string}|null} session
 */
export function showAccount(session) {
  const link = document.getElementById('account-link');
  if (!link) return;
  if (session) {
    link.removeAttribute('data-i18n');
    link.textContent = session.name;
    link.title = t('account.signed-in-as-name', { name: session.name });
    link.dataset.signedIn = 'true';
  } else {
    link.setAttribute('data-i18n', 'common.sign-in');
    link.textContent = t('common.sign-in');
    link.removeAttribute('title');
    delete link.dataset.signedIn;
  }
}

/**
 * The name in the `xq_name` cookie, or null.
 * @returns {string|null}
 */
export function cookieName() {
  const pair = document.cookie.split('; ').find((c) => c.startsWith('xq_name='));
  if (!pair) return null;
  try {
    return decodeURIComponent(pair.slice('xq_name='.length)) || null;
  } catch {
    // Not written by this server (it writes names of letters, digits, _ and -): ask it.
    return '?';
  }
}

/** Shows the cookie's name, then asks the server whether that session still holds. */
async function load() {
  const name = cookieName();
  if (!name) return;
  showAccount({ name });
  try {
    const res = await fetch('/api/session', { headers: { accept: 'application/json' } });
    if (res.ok) showAccount(await res.json());
    else if (res.status === 401) showAccount(null);
  } catch {
    /* offline: the cookie's name stands */
  }
}

// The account page asks the server itself.
if (location.pathname !== '/account') load();
