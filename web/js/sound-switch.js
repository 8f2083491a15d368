// @ts-check
/**
 * @file The switch of the board's sounds and the sounds it lets through: `soundOn()`,
 * `setSoundOn(on)` (kept under `xiangqi.sound`, `"off"` mutes, followed by every open page),
 * `onSoundChange(f)`, `playSound(kind)` (loads the synthesizer, sound.js, on the first sound)
 * and `moveSoundKind` (the sound of a move shown). Test hook: each sound played sets
 * `<html data-last-sound>` and counts up `<html data-sound-count>`.
 */

/** localStorage key of the sound switch. */
export const SOUND_KEY = 'xiangqi.sound';

/** @typedef {'move'|'capture'|'check'|'end'} SoundKind */

/** @type {Set<(on: boolean) => void>} */
const listeners = new Set();

/** Whether sounds are on (the default). */
export function soundOn() {
  try {
    return localStorage.getItem(SOUND_KEY) !== 'off';
  } catch {
    return true;
  }
}

/**
 * Turns the sounds on or off, on this page and (through storage) every other open page.
 * @param {boolean} on
 */
export function setSoundOn(on) {
  try {
    localStorage.setItem(SOUND_KEY, on ? 'on' : 'off');
  } catch {
    /* storage may be unavailable: the switch then does nothing */
  }
  for (const f of listeners) f(on);
}

/**
 * Calls `f` with the new state whenever the switch changes (here or in another tab).
 * @param {(on: boolean) => void} f
 */
export function onSoundChange(f) {
  listeners.add(f);
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (e) => {
    if (e.key === SOUND_KEY) for (const f of listeners) f(soundOn());
  });
}

/** The synthesizer, loaded on the first sound. @type {Promise<typeof import('./sound.js')>|null} */
let synth = null;

/**
 * Plays a sound, unless the switch is off.
 * @param {SoundKind} kind
 */
export function playSound(kind) {
  if (!soundOn()) return;
  const root = document.documentElement;
  root.dataset.lastSound = kind;
  root.dataset.soundCount = String(Number(root.dataset.soundCount ?? 0) + 1);
  synth ??= import('./sound.js');
  synth.then((m) => m.play(kind), () => {
    synth = null;
  });
}

/**
 * The sound of a move just shown: the end of the game outranks check, check a capture.
 * @param {{capture: boolean, check: boolean, over: boolean}} m
 * @returns {SoundKind}
 */
export function moveSoundKind(m) {
  return m.over ? 'end' : m.check ? 'check' : m.capture ? 'capture' : 'move';
}
