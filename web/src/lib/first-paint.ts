import { useEffect, useState } from 'react';

/**
 * "After the first paint": work that the first screen does not show (the
 * session's SDK, the footer's page list, structured data) starts once the
 * app's first render has reached the screen, so its downloads never compete
 * with what the visitor is waiting for (docs/public-site "Speed").
 */
let painted = false;
let scheduled = false;
const waiting: Array<() => void> = [];

const nextFrame = (fn: () => void) => (typeof requestAnimationFrame === 'function' ? requestAnimationFrame(fn) : setTimeout(fn, 16));
/** Once the main thread has nothing left to do (the screen's own data and render come first), or after a second at the latest. */
const whenIdle = (fn: () => void) => (typeof requestIdleCallback === 'function' ? requestIdleCallback(fn, { timeout: 1000 }) : setTimeout(fn, 200));

/** Called once the first screen has committed: the frame after it is painted, and once the main thread is idle, the waiting work runs. */
export function markFirstRender(): void {
  if (scheduled) return;
  scheduled = true;
  nextFrame(() =>
    setTimeout(
      () =>
        whenIdle(() => {
          painted = true;
          for (const fn of waiting.splice(0)) fn();
        }),
      0,
    ),
  );
}

/** Runs `fn` after the first paint (at once if it has happened). Returns what cancels it, if it is still waiting. */
export function afterFirstPaint(fn: () => void): () => void {
  if (painted) {
    fn();
    return () => undefined;
  }
  waiting.push(fn);
  return () => {
    const at = waiting.indexOf(fn);
    if (at >= 0) waiting.splice(at, 1);
  };
}

/** True once the first paint has happened: gates islands that should not load with the first screen. */
export function useAfterFirstPaint(): boolean {
  const [done, setDone] = useState(painted);
  // Cancelled on unmount: a component gone before the paint (a test's, a screen left at once) is not updated afterwards.
  useEffect(() => (done ? undefined : afterFirstPaint(() => setDone(true))), [done]);
  return done;
}

/** For tests: back to "nothing painted yet". */
export function resetFirstPaintForTests(): void {
  painted = false;
  scheduled = false;
  waiting.splice(0);
}
