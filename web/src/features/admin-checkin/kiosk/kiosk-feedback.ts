/** What the desk hears and feels after a scan: a check-in (new or already in) or a problem. */
export type KioskOutcome = 'ok' | 'problem';

declare global {
  interface Window {
    /** Safari before 14.1 names the Web Audio context with its prefix. */
    webkitAudioContext?: typeof AudioContext;
  }
}

let audio: AudioContext | null = null;

function audioContext(): AudioContext | null {
  const Context = window.AudioContext ?? window.webkitAudioContext;
  if (!Context) return null;
  audio ??= new Context();
  if (audio.state === 'suspended') void audio.resume().catch(() => undefined);
  return audio;
}

/**
 * Called from the click that turns the camera on: Safari lets a page make
 * sound only from an audio context started inside a user gesture, and the
 * beeps come later, from a network answer.
 */
export function unlockSound(): void {
  try {
    audioContext();
  } catch {
    // No audio here: the card and the vibration remain.
  }
}

/**
 * A short beep made with WebAudio (no sound file to load) and a vibration
 * where the device has one: one high beep for a check-in, two low ones for a
 * problem. Either may be unavailable or blocked (no user gesture yet, silent
 * mode, a desktop): then nothing happens, the card says it all anyway.
 */
export function signalOutcome(outcome: KioskOutcome): void {
  try {
    navigator.vibrate?.(outcome === 'ok' ? 120 : [90, 70, 90]);
  } catch {
    // No vibration motor or not allowed: the card and the beep remain.
  }
  try {
    const ctx = audioContext();
    if (!ctx) return;
    const beeps =
      outcome === 'ok'
        ? [{ at: 0, hz: 1320 }]
        : [
            { at: 0, hz: 330 },
            { at: 0.2, hz: 330 },
          ];
    for (const { at, hz } of beeps) {
      const oscillator = ctx.createOscillator();
      const gain = ctx.createGain();
      oscillator.frequency.value = hz;
      oscillator.type = 'sine';
      const start = ctx.currentTime + at;
      gain.gain.setValueAtTime(0.25, start);
      gain.gain.exponentialRampToValueAtTime(0.001, start + 0.15);
      oscillator.connect(gain).connect(ctx.destination);
      oscillator.start(start);
      oscillator.stop(start + 0.16);
    }
  } catch {
    // Audio blocked or unavailable: silent, as intended.
  }
}
