// @ts-check
/**
 * @file The board's sounds, synthesized with the Web Audio API (no audio files): a wooden
 * click for a move, a heavier knock for a capture, a two-tone call for check and a short
 * rising phrase for the end of a game. Loaded by `playSound` (sound-switch.js, which holds the
 * switch) on the first sound, so a page pays for it only once something is to be heard.
 *
 * Browsers start an AudioContext only after a user gesture; the context is made on the
 * first sound and resumed on the next click or key press, so a sound asked for before any
 * gesture is simply not heard. Without Web Audio nothing is played and nothing throws.
 */

/** @typedef {import('./sound-switch.js').SoundKind} SoundKind */

/** @type {AudioContext|null} */
let ctx = null;
let failed = false;

/** The page's audio context, made on first use; null without Web Audio. */
function context() {
  if (ctx || failed) return ctx;
  const w = /** @type {{AudioContext?: typeof AudioContext, webkitAudioContext?: typeof AudioContext}} */ (
    /** @type {unknown} */ (window)
  );
  const Ctor = w.AudioContext ?? w.webkitAudioContext;
  try {
    if (!Ctor) throw new Error('no Web Audio');
    ctx = new Ctor();
    const unlock = () => {
      if (ctx && ctx.state === 'suspended') ctx.resume().catch(() => {});
    };
    window.addEventListener('pointerdown', unlock, { capture: true });
    window.addEventListener('keydown', unlock, { capture: true });
  } catch {
    failed = true;
  }
  return ctx;
}

/**
 * A tone with a fast attack and an exponential fall.
 * @param {AudioContext} ac
 * @param {number} at start time (s)
 * @param {{type: OscillatorType, from: number, to?: number, length: number, gain: number}} t
 */
function tone(ac, at, t) {
  const osc = ac.createOscillator();
  const amp = ac.createGain();
  osc.type = t.type;
  osc.frequency.setValueAtTime(t.from, at);
  if (t.to) osc.frequency.exponentialRampToValueAtTime(t.to, at + t.length);
  amp.gain.setValueAtTime(0.0001, at);
  amp.gain.exponentialRampToValueAtTime(t.gain, at + 0.005);
  amp.gain.exponentialRampToValueAtTime(0.0001, at + t.length);
  osc.connect(amp).connect(ac.destination);
  osc.start(at);
  osc.stop(at + t.length + 0.02);
}

/**
 * A burst of band-passed noise: the knock of wood on wood.
 * @param {AudioContext} ac
 * @param {number} at
 * @param {number} length s
 * @param {number} freq centre of the band (Hz)
 * @param {number} gain
 */
function knock(ac, at, length, freq, gain) {
  const n = Math.ceil(ac.sampleRate * length);
  const buf = ac.createBuffer(1, n, ac.sampleRate);
  const data = buf.getChannelData(0);
  for (let i = 0; i < n; i++) data[i] = (Math.random() * 2 - 1) * (1 - i / n) ** 3;
  const src = ac.createBufferSource();
  src.buffer = buf;
  const band = ac.createBiquadFilter();
  band.type = 'bandpass';
  band.frequency.value = freq;
  band.Q.value = 1.2;
  const amp = ac.createGain();
  amp.gain.value = gain;
  src.connect(band).connect(amp).connect(ac.destination);
  src.start(at);
}

/** @type {Record<SoundKind, (ac: AudioContext, t: number) => void>} */
const VOICES = {
  move: (ac, t) => {
    knock(ac, t, 0.05, 1800, 0.5);
    tone(ac, t, { type: 'triangle', from: 620, to: 300, length: 0.09, gain: 0.28 });
  },
  capture: (ac, t) => {
    knock(ac, t, 0.09, 900, 0.9);
    tone(ac, t, { type: 'triangle', from: 420, to: 140, length: 0.16, gain: 0.4 });
    tone(ac, t + 0.05, { type: 'triangle', from: 520, to: 260, length: 0.08, gain: 0.18 });
  },
  check: (ac, t) => {
    knock(ac, t, 0.05, 1800, 0.45);
    tone(ac, t + 0.02, { type: 'square', from: 880, length: 0.1, gain: 0.09 });
    tone(ac, t + 0.14, { type: 'square', from: 1175, length: 0.16, gain: 0.09 });
  },
  end: (ac, t) => {
    [523.25, 659.25, 783.99, 1046.5].forEach((f, i) => {
      tone(ac, t + i * 0.12, { type: 'sine', from: f, length: i === 3 ? 0.6 : 0.22, gain: 0.22 });
    });
  },
};

/**
 * Plays a sound.
 * @param {SoundKind} kind
 */
export function play(kind) {
  const ac = context();
  if (!ac) return;
  try {
    if (ac.state === 'suspended') ac.resume().catch(() => {});
    VOICES[kind](ac, ac.currentTime + 0.01);
  } catch {
    /* a browser that refuses a node plays nothing */
  }
}
