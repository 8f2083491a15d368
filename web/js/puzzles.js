// @ts-check
/**
 * The puzzle list (/puzzles): the built-in library, filterable by theme and difficulty, each
 * marked when solved in this browser, with today's puzzle; and the public puzzles players
 * saved on this server (GET /api/puzzles, newest first, a page at a time).
 */
import { lang, t } from './i18n.js';
import { request } from './api.js';
import { allProgress, loadLibrary, themeName, trainerUrl } from './puzzle-library.js';

/** Public puzzles fetched per page. */
const PAGE = 30;

/** @template {HTMLElement} T @param {string} id @returns {T} */
function byId(id) {
  const el = document.getElementById(id);
  if (!el) throw new Error(`missing #${id}`);
  return /** @type {T} */ (el);
}

const themeSelect = /** @type {HTMLSelectElement} */ (byId('theme'));
const difficultySelect = /** @type {HTMLSelectElement} */ (byId('difficulty'));
const list = byId('library');

/** Everything the page remembers. */
const page = {
  /** @type {import('./puzzle-library.js').Library|null} */
  library: null,
  /** @type {string|null} the `after` of the next page of public puzzles */
  next: null,
};

/** Keeps the filters in the address, so a reload or a shared link shows the same list. */
function saveFilters() {
  const q = new URLSearchParams();
  if (themeSelect.value) q.set('theme', themeSelect.value);
  if (difficultySelect.value) q.set('difficulty', difficultySelect.value);
  const search = q.toString();
  history.replaceState(null, '', search ? `?${search}` : location.pathname);
}

function render() {
  if (!page.library) return;
  const progress = allProgress();
  const theme = themeSelect.value;
  const difficulty = Number(difficultySelect.value) || 0;
  list.textContent = '';
  let shown = 0;
  let solved = 0;
  page.library.puzzles.forEach((p, i) => {
    const done = !!progress[p.fen]?.solved;
    if (done) solved += 1;
    if (theme && !p.themes.includes(theme)) return;
    if (difficulty && p.difficulty !== difficulty) return;
    shown += 1;
    const li = document.createElement('li');
    li.className = done ? 'solved' : '';
    const a = document.createElement('a');
    a.href = trainerUrl(i + 1);
    a.textContent = t('puzzles.item', { n: i + 1 });
    li.append(a);
    const tags = document.createElement('span');
    tags.className = 's-hint';
    tags.textContent = ` ${p.themes.map(themeName).join(t('puzzles.separator'))} · ${t('puzzles.difficulty-n', { d: p.difficulty })}`;
    li.append(tags);
    if (done) {
      const mark = document.createElement('span');
      mark.className = 's-badge';
      mark.textContent = `✓ ${t('puzzles.solved')}`;
      li.append(' ', mark);
    }
    list.append(li);
  });
  byId('library-count').textContent = t('puzzles.count', { shown, all: page.library.puzzles.length, solved });
}

async function loadLibraryList() {
  try {
    page.library = await loadLibrary();
  } catch (err) {
    byId('library-error').textContent = t('puzzles.library-failed', { why: err instanceof Error ? err.message : String(err) });
    return;
  }
  // The themes by their name in the page's language.
  const collator = new Intl.Collator(lang);
  const themes = [...new Set(page.library.puzzles.flatMap((p) => p.themes))]
    .sort((a, b) => collator.compare(themeName(a), themeName(b)));
  for (const tag of themes) themeSelect.add(new Option(themeName(tag), tag));
  const q = new URLSearchParams(location.search);
  themeSelect.value = themes.includes(q.get('theme') || '') ? q.get('theme') || '' : '';
  difficultySelect.value = /^[1-5]$/.test(q.get('difficulty') || '') ? q.get('difficulty') || '' : '';
  render();
}


async function loadPublic() {
  const more = /** @type {HTMLButtonElement} */ (byId('public-more'));
  const ul = byId('public');
  more.disabled = true;
  try {
    const q = page.next ? `?limit=${PAGE}&after=${encodeURIComponent(page.next)}` : `?limit=${PAGE}`;
    const reply = await request('GET', `/api/puzzles${q}`);
    for (const p of reply.puzzles) {
      const li = document.createElement('li');
      const a = document.createElement('a');
      a.href = String(p.url);
      a.textContent = String(p.title);
      li.append(a);
      const when = document.createElement('span');
      when.className = 's-hint';
      when.textContent = ` ${new Date(Number(p.created_at)).toLocaleDateString(lang)}`;
      li.append(when);
      ul.append(li);
    }
    page.next = typeof reply.next === 'string' ? reply.next : null;
    if (!ul.children.length) {
      const li = document.createElement('li');
      li.className = 's-hint';
      li.textContent = t('puzzles.no-public');
      ul.append(li);
    }
  } catch {
    byId('public-error').textContent = t('puzzles.public-failed');
  }
  more.hidden = page.next === null;
  more.disabled = false;
}

themeSelect.addEventListener('change', () => { saveFilters(); render(); });
difficultySelect.addEventListener('change', () => { saveFilters(); render(); });
byId('public-more').addEventListener('click', () => { void loadPublic(); });
// Another tab solving a puzzle updates the marks.
window.addEventListener('storage', () => render());

void loadLibraryList();
void loadPublic();
