import { afterEach, describe, expect, it, vi } from 'vitest';
import { trackedFetch, whenNetworkQuiet } from '../../../src/data/core/connectivity';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('whenNetworkQuiet (the service worker waits for it before its precache)', () => {
  it('waits while a request is under way, then for the quiet time after it', async () => {
    vi.useFakeTimers();
    let answer: (response: Response) => void = () => undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn(
        () =>
          new Promise<Response>((resolve) => {
            answer = resolve;
          }),
      ),
    );
    const request = trackedFetch('/api/user/me');
    let isQuiet = false;
    void whenNetworkQuiet(1_000, 30_000).then(() => {
      isQuiet = true;
    });
    await vi.advanceTimersByTimeAsync(5_000);
    expect(isQuiet).toBe(false); // still answering

    answer(new Response('{}'));
    await request;
    await vi.advanceTimersByTimeAsync(900);
    expect(isQuiet).toBe(false); // not quiet for long enough yet
    await vi.advanceTimersByTimeAsync(200);
    expect(isQuiet).toBe(true);
  });

  it('gives up waiting after the longest wait, so the precache is only ever delayed', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => undefined)),
    );
    void trackedFetch('/api/event/from/2026-11-16/to/2026-12-06');
    let isQuiet = false;
    void whenNetworkQuiet(1_000, 30_000).then(() => {
      isQuiet = true;
    });
    await vi.advanceTimersByTimeAsync(29_000);
    expect(isQuiet).toBe(false);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(isQuiet).toBe(true);
  });
});
