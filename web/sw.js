// The service worker (served at /sw.js, scope /): after one visit the single-player pages
// (/, /local, /computer, /analysis, /rules, /replay, /puzzles/new, a puzzle seen before, the
// puzzle list /puzzles and the trainer /puzzles/library/{n}) and every asset they load (the
// puzzle library among them) work with the server stopped.
//
// The server fills in VERSION (the build's asset version) and PRECACHE (every page path and
// every embedded asset under /assets/v/VERSION/) when it serves this file, so a new build
// is a new worker with a new cache; the old cache is deleted once the new worker takes over.
//
// - Pages: network first (a fresh page when the server answers), the cached copy when it
//   does not; /puzzles/{id} falls back to the cached puzzle page, which reads its puzzle
//   from the cached GET /api/puzzles/{id}; /puzzles/library/{n} falls back to the cached
//   trainer, which reads the cached library.
// - Versioned assets: from the cache (their URL changes with their content).
// - GET /api/puzzles/{id}: network first, cached for offline use. Everything else under
//   /api/ and /ws/ (rooms, the lobby, saving) goes to the network only: those need the server.

const VERSION = '__VERSION__';
/** @type {string[]} */
const PRECACHE = JSON.parse('__PRECACHE__');
const CACHE = `xiangqi-${VERSION}`;
const PAGES = ['/', '/local', '/computer', '/analysis', '/rules', '/replay', '/puzzles/new', '/lobby', '/puzzles'];

self.addEventListener('install', (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    await cache.addAll(PRECACHE);
    await self.skipWaiting();
  })());
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    for (const key of await caches.keys()) {
      if (key.startsWith('xiangqi-') && key !== CACHE) await caches.delete(key);
    }
    await self.clients.claim();
  })());
});

/**
 * The network's answer, kept in the cache when it is good; the cached copy (or `fallback`'s)
 * when the network fails.
 * @param {Request} request
 * @param {string} [fallback] a cached URL to use when neither the network nor the cache has `request`
 */
async function networkFirst(request, fallback) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(request, response.clone());
    return response;
  } catch (e) {
    const cached = (await cache.match(request, { ignoreSearch: true }))
      || (fallback && await cache.match(fallback));
    if (cached) return cached;
    throw e;
  }
}

/** @param {Request} request */
async function cacheFirst(request) {
  const cache = await caches.open(CACHE);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  const path = url.pathname;
  if (path.startsWith('/assets/v/')) {
    event.respondWith(cacheFirst(request));
  } else if (/^\/api\/puzzles\/[^/]+$/.test(path)) {
    event.respondWith(networkFirst(request));
  } else if (request.mode === 'navigate') {
    const puzzle = /^\/puzzles\/(?!new$)[^/]+$/.test(path) ? '/puzzles/_offline'
      : /^\/puzzles\/library\/[^/]+$/.test(path) ? '/puzzles/library/_offline' : undefined;
    if (PAGES.includes(path) || puzzle) event.respondWith(networkFirst(request, puzzle));
  }
});
