// @ts-check
/**
 * The puzzle editor (/puzzles/new): place any pieces on the board (palette of the 14 kinds,
 * remove, clear, start position, side to move). Every change is validated in the page by the
 * rules module (position; a refusal lists the problems, shown next to the board). Save posts
 * /api/puzzles and shows the link with a copy button. `?fen=` opens a position.
 * Import (game-io.js: an XQF, PGN or DhtmlXQ file, or FEN, moves, PGN or DhtmlXQ pasted in
 * the FEN box) takes the position the imported game ends in, where a puzzle usually
 * starts; export writes the position as PGN or DhtmlXQ (no moves).
 */
import { t } from './i18n.js';
import { wireCopyButton } from './notices.js';
import { Board } from './board.js';
import { START_FEN, boardToFen, parseFen, pieceName } from './fen.js';
import { settingsPanel } from './board-settings.js';
import { request, ApiError, position } from './api.js';
import { readGame } from './xiangqi-wasm.js';
import { wireGameIo, importMessage } from './game-io.js';

/** @template {HTMLElement} T @param {string} id @returns {T} */
function byId(id) {
  const el = document.getElementById(id);
  if (!el) throw new Error(`missing #${id}`);
  return /** @type {T} */ (el);
}

const GLYPHS = /** @type {Record<string, string>} */ ({
  K: '帥', A: '仕', B: '相', N: '傌', R: '俥', C: '炮', P: '兵',
  k: '將', a: '士', b: '象', n: '馬', r: '車', c: '砲', p: '卒',
});

const validOk = byId('valid-ok');
const validError = byId('valid-error');
const problemsList = byId('problems');
const validating = byId('validating');
const fenInput = /** @type {HTMLInputElement} */ (byId('fen'));
const removeBtn = byId('tool-remove');
const saveForm = /** @type {HTMLFormElement} */ (byId('save-form'));
const saveBtn = /** @type {HTMLButtonElement} */ (byId('save'));
const saveError = byId('save-error');
const titleInput = /** @type {HTMLInputElement} */ (byId('title'));
const solutionInput = /** @type {HTMLInputElement} */ (byId('solution'));
const publicBox = /** @type {HTMLInputElement} */ (byId('public'));
const share = byId('share');
const shareUrl = /** @type {HTMLInputElement} */ (byId('share-url'));

/** Everything the page remembers. */
const page = {
  /** @type {Map<string, string>} */
  pieces: new Map(),
  /** @type {'w' | 'b'} */
  turn: 'w',
  /** The tool: a FEN letter to place, or 'remove'. */
  tool: 'R',
  /** Whether the last validation accepted the current FEN. */
  valid: false,
  validateSeq: 0,
  /** @type {number | undefined} */
  validateTimer: undefined,
};

const board = new Board(byId('editor-board'), {
  label: t('puzzle-editor.board'),
  onPointActivate: (sq) => {
    edit(sq);
    return true;
  },
});

/** The FEN of the edited position. */
function currentFen() {
  return `${boardToFen(page.pieces)} ${page.turn} - - 0 1`;
}

/** @param {string} sq */
function edit(sq) {
  const here = page.pieces.get(sq);
  if (page.tool === 'remove' || here === page.tool) {
    if (!here) return;
    page.pieces.delete(sq);
    changed(t('puzzle-editor.removed', { piece: pieceName(here), square: sq }));
  } else {
    page.pieces.set(sq, page.tool);
    changed(t('puzzle-editor.placed', { piece: pieceName(page.tool), square: sq }));
  }
}

/** @param {string} [say] what to announce */
function changed(say) {
  const fen = currentFen();
  board.setPosition({ fen, legal: [] }, { announce: say ?? false, animate: false });
  fenInput.value = fen;
  share.hidden = true;
  page.valid = false;
  saveBtn.disabled = true;
  validOk.textContent = '';
  validError.textContent = '';
  showProblems([]);
  validating.hidden = false;
  clearTimeout(page.validateTimer);
  page.validateTimer = window.setTimeout(validate, 150);
}

async function validate() {
  const seq = ++page.validateSeq;
  const fen = currentFen();
  try {
    const pos = await position(fen, []);
    if (seq !== page.validateSeq) return;
    validating.hidden = true;
    page.valid = true;
    showProblems([]);
    const side = t(pos.turn === 'black' ? 'ruling.sides.black' : 'ruling.sides.red');
    let text;
    if (pos.status && pos.status.result !== 'ongoing') text = t('puzzle-editor.legal-over', { side, why: pos.status.explanation ?? '' });
    else text = t(pos.check ? 'puzzle-editor.legal-check' : 'puzzle-editor.legal', { side, n: pos.legal.length });
    validOk.textContent = text;
    validError.textContent = '';
    saveBtn.disabled = false;
  } catch (err) {
    if (seq !== page.validateSeq) return;
    validating.hidden = true;
    page.valid = false;
    validOk.textContent = '';
    if (err instanceof ApiError && err.problems.length) {
      validError.textContent = t('puzzle-editor.cannot-arise');
      showProblems(err.problems);
    } else {
      validError.textContent = err instanceof ApiError ? err.message : String(err);
      showProblems([]);
    }
    saveBtn.disabled = true;
  }
}

/** @param {string[]} problems */
function showProblems(problems) {
  problemsList.replaceChildren(...problems.map((p) => {
    const li = document.createElement('li');
    li.textContent = p;
    return li;
  }));
  problemsList.hidden = problems.length === 0;
}

// ---- palette and tools ------------------------------------------------------------------

/** @type {HTMLButtonElement[]} */
const toolButtons = [];

/** @param {string} t */
function setTool(t) {
  page.tool = t;
  for (const b of toolButtons) b.setAttribute('aria-pressed', String(b.dataset.tool === t));
  removeBtn.setAttribute('aria-pressed', String(t === 'remove'));
}

for (const [id, letters] of /** @type {[string, string][]} */ ([['palette-red', 'KABNRCP'], ['palette-black', 'kabnrcp']])) {
  const box = byId(id);
  for (const letter of letters) {
    const b = document.createElement('button');
    b.type = 'button';
    b.className = letter === letter.toUpperCase() ? 'red' : 'black';
    b.dataset.tool = letter;
    b.textContent = GLYPHS[letter];
    b.title = pieceName(letter);
    b.setAttribute('aria-label', pieceName(letter));
    b.addEventListener('click', () => setTool(letter));
    box.append(b);
    toolButtons.push(b);
  }
}
removeBtn.dataset.tool = 'remove';
removeBtn.addEventListener('click', () => setTool(page.tool === 'remove' ? 'R' : 'remove'));

byId('clear').addEventListener('click', () => {
  page.pieces = new Map();
  changed(t('puzzle-editor.cleared'));
});
byId('start').addEventListener('click', () => {
  page.pieces = parseFen(START_FEN).pieces;
  page.turn = 'w';
  syncTurn();
  changed(t('common.start-position'));
});
byId('flip').addEventListener('click', () => board.flip());

for (const radio of document.querySelectorAll('input[name="turn"]')) {
  radio.addEventListener('change', () => {
    const checked = /** @type {HTMLInputElement | null} */ (document.querySelector('input[name="turn"]:checked'));
    page.turn = checked && checked.value === 'b' ? 'b' : 'w';
    changed(t('game.to-move', { side: t(page.turn === 'b' ? 'ruling.sides.black' : 'ruling.sides.red') }));
  });
}

function syncTurn() {
  for (const r of /** @type {NodeListOf<HTMLInputElement>} */ (document.querySelectorAll('input[name="turn"]'))) {
    r.checked = r.value === page.turn;
  }
}

/** @param {string} fen */
function loadFen(fen) {
  const parsed = parseFen(fen);
  page.pieces = parsed.pieces;
  page.turn = parsed.turn === 'black' ? 'b' : 'w';
  syncTurn();
  changed();
}

/**
 * Opens the position an imported game ends in.
 * @param {import('./xiangqi-wasm.js').ReadGame} g
 */
async function loadGame(g) {
  const pos = await position(g.fen, g.moves);
  loadFen(pos.fen);
}

/**
 * Loads what the FEN box holds: a FEN (placed as it is, legal or not, to be edited), or a
 * game (moves, PGN, DhtmlXQ) whose end it takes.
 */
async function loadTyped() {
  const text = fenInput.value.trim();
  if (/^[1-9kabnrcpeh]+(\/[1-9kabnrcpeh]+)+(\s|$)/i.test(text)) {
    loadFen(text);
    return;
  }
  try {
    await loadGame(await readGame(text));
  } catch (err) {
    validOk.textContent = '';
    validError.textContent = importMessage(err);
    showProblems([]);
  }
}

byId('load-fen').addEventListener('click', () => loadTyped());
fenInput.addEventListener('keydown', (ev) => {
  if (ev.key === 'Enter') {
    ev.preventDefault();
    loadTyped();
  }
});
wireGameIo(byId('io'), {
  onGame: (g) => loadGame(g),
  game: () => (page.valid ? { fen: currentFen(), moves: [], tags: [['Event', titleInput.value.trim() || 'Puzzle']], name: 'xiangqi-puzzle' } : null),
  onError: (m) => {
    validOk.textContent = '';
    validError.textContent = m;
    showProblems([]);
  },
});

// ---- saving -----------------------------------------------------------------------------

saveForm.addEventListener('submit', async (ev) => {
  ev.preventDefault();
  saveError.textContent = '';
  const title = titleInput.value.trim();
  if (!title) {
    saveError.textContent = t('puzzle-editor.need-title');
    titleInput.focus();
    return;
  }
  if (!page.valid) {
    saveError.textContent = t('puzzle-editor.not-legal');
    return;
  }
  const solution = solutionInput.value.trim().split(/[\s,]+/).filter(Boolean);
  const fen = currentFen();
  saveBtn.disabled = true;
  try {
    if (solution.length) {
      // Checked here to name the bad move; the server checks it again.
      await position(fen, solution);
    }
    const res = await request('POST', '/api/puzzles', {
      fen, title, solution: solution.length ? solution : null, public: publicBox.checked,
    });
    const url = new URL(res.url || `/puzzles/${res.id}`, location.origin).href;
    shareUrl.value = url;
    /** @type {HTMLAnchorElement} */ (byId('open-puzzle')).href = url;
    share.hidden = false;
  } catch (err) {
    if (err instanceof ApiError && err.code === 'illegal_move') {
      saveError.textContent = t('puzzle-editor.solution-error', { why: err.message });
    } else if (err instanceof ApiError && err.problems.length) {
      saveError.textContent = `${err.message}: ${err.problems.join('; ')}`;
    } else {
      saveError.textContent = err instanceof ApiError ? err.message : String(err);
    }
  } finally {
    saveBtn.disabled = !page.valid;
  }
});

wireCopyButton(byId('copy'), shareUrl);

const initial = new URLSearchParams(location.search).get('fen');
setTool('R');
loadFen(initial || START_FEN);

settingsPanel(byId('settings'));
