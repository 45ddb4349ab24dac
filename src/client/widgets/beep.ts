/**
 * The scan inputs' sounds (issue 27 item 8): a short high beep for a counted scan, a longer low double buzz for
 * a refused one, made with the Web Audio API (no audio files). One AudioContext for the page, made on the first
 * beep (a key press has happened by then, so browsers let it play); without Web Audio nothing sounds.
 */
export type BeepKind = 'ok' | 'refused';

/** Tones: frequency (Hz), length (s), wave; a refusal sounds twice. */
const TONES: Record<BeepKind, { hz: number; seconds: number; wave: OscillatorType; times: number }> = {
  ok: { hz: 1320, seconds: 0.08, wave: 'sine', times: 1 },
  refused: { hz: 220, seconds: 0.18, wave: 'square', times: 2 },
};

let context: AudioContext | null | undefined;

function audio(): AudioContext | null {
  if (context === undefined) {
    const Ctor = typeof window === 'undefined' ? undefined : (window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext);
    try {
      context = Ctor ? new Ctor() : null;
    } catch {
      context = null;
    }
  }
  return context;
}

/** Plays the tone of `kind`; never throws (a page without sound still works). */
export function beep(kind: BeepKind): void {
  const ctx = audio();
  if (!ctx) return;
  try {
    if (ctx.state === 'suspended') void ctx.resume();
    const tone = TONES[kind];
    for (let i = 0; i < tone.times; i++) {
      const start = ctx.currentTime + i * tone.seconds * 1.5;
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.type = tone.wave;
      osc.frequency.value = tone.hz;
      gain.gain.setValueAtTime(0.15, start);
      gain.gain.exponentialRampToValueAtTime(0.001, start + tone.seconds);
      osc.connect(gain).connect(ctx.destination);
      osc.start(start);
      osc.stop(start + tone.seconds);
    }
  } catch {
    // no sound is no reason to stop the scan
  }
}
