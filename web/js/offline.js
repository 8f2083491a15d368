// @ts-check
/**
 * @file On every page: registers the service worker (/sw.js, which keeps the single-player
 * pages working offline after one visit) and says plainly when the server cannot be
 * reached. The banner shows while the browser reports no network, or from the moment a
 * request to the server fails (api.js announces `xiangqi:network` events
 * with `detail` `down` or `up`) until one succeeds again; the pages that need the server
 * (rooms, the lobby) keep retrying by themselves, so the banner also goes by itself.
 */

const BANNER_ID = 'offline-banner';

let serverDown = false;

/**
 * The banner's words in the page's language, once had. The language module is imported when
 * first needed, not at load: this module registers the service worker, which must not wait
 * for the language's texts.
 */
let text = '';

function update() {
  const show = serverDown || navigator.onLine === false;
  let el = document.getElementById(BANNER_ID);
  if (!show) {
    if (el) el.hidden = true;
    return;
  }
  if (!text) {
    import('./i18n.js').then(({ t }) => {
      text = t('offline.notice');
      update();
    }, () => {});
    return;
  }
  if (!el) {
    el = document.createElement('div');
    el.id = BANNER_ID;
    el.className = 'offline-banner';
    el.setAttribute('role', 'status');
    el.textContent = text;
    document.body.prepend(el);
  }
  el.hidden = false;
}

window.addEventListener('xiangqi:network', (ev) => {
  serverDown = /** @type {CustomEvent} */ (ev).detail === 'down';
  update();
});
window.addEventListener('online', update);
window.addEventListener('offline', update);
update();

if ('serviceWorker' in navigator && (location.protocol === 'https:' || location.hostname === '127.0.0.1' || location.hostname === 'localhost')) {
  navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => {
    // No worker (a private window, a browser setting): the pages still work online.
  });
}

/**
 * Announces whether a request reached the server, for the banner.
 * @param {'up'|'down'} state
 */
export function announceNetwork(state) {
  window.dispatchEvent(new CustomEvent('xiangqi:network', { detail: state }));
}
