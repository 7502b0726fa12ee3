// A shared desk: after some minutes with no key, pointer or touch input in the window, the patient is closed
// (close-patient.ts). Only input counts: a screen that updates itself (a timer, an arriving record) does not keep
// the patient open.

/** What counts as someone at the desk. Captured, so a field that stops an event's propagation still counts. */
const ACTIVITY = ['keydown', 'pointerdown', 'pointermove', 'wheel', 'touchstart'] as const;

/**
 * Calls `onIdle` once the target saw no input for `idleMs`; returns the function that stops watching. One timer,
 * re-armed for what is left when it fires, so a moving mouse costs a timestamp per event and no timer churn.
 */
export function watchIdle(target: EventTarget, idleMs: number, onIdle: () => void, now: () => number = Date.now): () => void {
  let last = now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const seen = () => {
    last = now();
  };
  const check = () => {
    const left = last + idleMs - now();
    if (left > 0) {
      timer = setTimeout(check, left);
      return;
    }
    timer = undefined;
    stop();
    onIdle();
  };
  const stop = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    for (const type of ACTIVITY) target.removeEventListener(type, seen, { capture: true });
  };
  for (const type of ACTIVITY) target.addEventListener(type, seen, { capture: true, passive: true });
  timer = setTimeout(check, idleMs);
  return stop;
}
