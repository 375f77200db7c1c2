import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterNextPaint } from '../../../src/data/core/after-paint';

// The stubs go before the fake timers: unstubbing after would put back the fake frames, not the browser's.
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

/** A browser whose frames and idle moments the test hands out itself. */
function stubFrames() {
  const frames: Array<() => void> = [];
  const idles: Array<() => void> = [];
  vi.stubGlobal('requestAnimationFrame', (callback: () => void) => frames.push(callback));
  vi.stubGlobal('requestIdleCallback', (callback: () => void) => idles.push(callback));
  return {
    paint: () => {
      for (const frame of frames.splice(0)) frame();
    },
    idle: () => {
      for (const moment of idles.splice(0)) moment();
    },
  };
}

describe('afterNextPaint', () => {
  it('runs once after the next frame, then a task later', async () => {
    vi.useFakeTimers();
    const browser = stubFrames();
    const run = vi.fn();
    afterNextPaint(run);
    await vi.advanceTimersByTimeAsync(100);
    expect(run).not.toHaveBeenCalled();
    browser.paint();
    await vi.advanceTimersByTimeAsync(0);
    expect(run).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('when asked, waits after that frame for an idle moment', async () => {
    vi.useFakeTimers();
    const browser = stubFrames();
    const run = vi.fn();
    afterNextPaint(run, true);
    browser.paint();
    await vi.advanceTimersByTimeAsync(10);
    expect(run).not.toHaveBeenCalled();
    browser.idle();
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('runs within a second in a tab that paints no frame', async () => {
    vi.useFakeTimers();
    stubFrames();
    const run = vi.fn();
    afterNextPaint(run, true);
    await vi.advanceTimersByTimeAsync(999);
    expect(run).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(run).toHaveBeenCalledTimes(1);
  });
});
