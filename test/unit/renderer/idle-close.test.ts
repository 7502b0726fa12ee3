// The shared desk's idle close: it fires once the window saw no key, pointer or touch input for the whole time, and
// any input starts the time again.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { watchIdle } from '../../../renderer/lib/idle-close';

const MINUTE = 60_000;
beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('watchIdle', () => {
  it('fires after 5 minutes without input, and once only', () => {
    const fired = vi.fn();
    watchIdle(new EventTarget(), 5 * MINUTE, fired);
    vi.advanceTimersByTime(5 * MINUTE - 1);
    expect(fired).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(fired).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(60 * MINUTE);
    expect(fired).toHaveBeenCalledTimes(1);
  });

  it.each(['keydown', 'pointerdown', 'pointermove', 'wheel', 'touchstart'])('starts the 5 minutes again on %s', (type) => {
    const window = new EventTarget();
    const fired = vi.fn();
    watchIdle(window, 5 * MINUTE, fired);
    vi.advanceTimersByTime(4 * MINUTE);
    window.dispatchEvent(new Event(type));
    vi.advanceTimersByTime(4 * MINUTE);
    expect(fired).not.toHaveBeenCalled();
    vi.advanceTimersByTime(MINUTE);
    expect(fired).toHaveBeenCalledTimes(1);
  });

  it('does not count what is not input (a focus change, a scroll by the page itself)', () => {
    const window = new EventTarget();
    const fired = vi.fn();
    watchIdle(window, 5 * MINUTE, fired);
    vi.advanceTimersByTime(4 * MINUTE);
    window.dispatchEvent(new Event('focus'));
    window.dispatchEvent(new Event('scroll'));
    vi.advanceTimersByTime(MINUTE);
    expect(fired).toHaveBeenCalledTimes(1);
  });

  it('stops watching when told to', () => {
    const window = new EventTarget();
    const fired = vi.fn();
    const stop = watchIdle(window, 5 * MINUTE, fired);
    stop();
    vi.advanceTimersByTime(10 * MINUTE);
    expect(fired).not.toHaveBeenCalled();
  });
});
