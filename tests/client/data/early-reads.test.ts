import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  resetConnectivity,
  useConnectivityStore,
  whenNetworkQuiet,
} from '../../../src/data/core/connectivity';
import { sendEarlyRead } from '../../../src/data/core/early-read-store';
import { startEarlyRead, takeEarlyRead } from '../../../src/data/core/early-reads';
import { json, stubFetch } from '../fake-api';

afterEach(() => vi.useRealTimers());

describe('early reads (sent at page load, answered once)', () => {
  it('hands the answer to the first GET of the same path and token, once, and never to another token', async () => {
    const fetchMock = stubFetch(() => json(200, { ok: true }));
    startEarlyRead('/api/user/me', 'tok-a', 'fr');
    startEarlyRead('/api/user/me', 'tok-a', 'fr'); // the same read again: not sent twice
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [, init] = fetchMock.mock.calls[0] ?? [];
    expect(init?.headers).toEqual({ 'Accept-Language': 'fr', Authorization: 'Bearer tok-a' });

    expect(takeEarlyRead('/api/user/me', 'tok-b')).toBeUndefined();
    const answer = takeEarlyRead('/api/user/me', 'tok-a');
    expect(await (await answer)?.json()).toEqual({ ok: true });
    expect(takeEarlyRead('/api/user/me', 'tok-a')).toBeUndefined();
  });

  it('does not hand out an answer older than ten seconds: it may no longer be the server state', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    stubFetch(() => json(200, []));
    startEarlyRead('/api/event/from/2026-11-16/to/2026-12-06', 'tok', 'fr');
    vi.setSystemTime(Date.now() + 10_001);
    expect(takeEarlyRead('/api/event/from/2026-11-16/to/2026-12-06', 'tok')).toBeUndefined();
  });

  it('keeps a failed read for its taker (no unhandled rejection before)', async () => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    startEarlyRead('/api/internal/settings/start', null, 'en');
    await new Promise((resolve) => setTimeout(resolve, 10));
    await expect(takeEarlyRead('/api/internal/settings/start', null)).rejects.toThrow('Failed to fetch');
  });
});

describe('reads sent by the inline script (app/boot/page-boot.ts) before the bundle ran', () => {
  const neverAnswers = () => new Promise<Response>(() => undefined);

  it('are taken by the bundle, never sent again, and count among the requests under way', async () => {
    vi.useFakeTimers();
    let answer: (response: Response) => void = () => undefined;
    const inlineSend = vi.fn(
      () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    );
    sendEarlyRead('/api/user/me', 'tok', 'en', inlineSend, true);
    const fetchMock = stubFetch(neverAnswers);
    startEarlyRead('/api/user/me', 'tok', 'en');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(inlineSend).toHaveBeenCalledWith('/api/user/me', {
      headers: { 'Accept-Language': 'en', Authorization: 'Bearer tok' },
    });

    let isQuiet = false;
    void whenNetworkQuiet(1_000, 30_000).then(() => {
      isQuiet = true;
    });
    await vi.advanceTimersByTimeAsync(3_000);
    expect(isQuiet).toBe(false); // adopted: the service worker's precache waits for it too
    answer(json(200, { id: 'me' }));
    expect(await (await takeEarlyRead('/api/user/me', 'tok'))?.json()).toEqual({ id: 'me' });
    await vi.advanceTimersByTimeAsync(1_100);
    expect(isQuiet).toBe(true);
  });

  it('that fails tells the app it is offline once the bundle adopts it, and its taker gets the error', async () => {
    resetConnectivity();
    sendEarlyRead(
      '/api/event/model',
      'tok',
      'fr',
      () => Promise.reject(new TypeError('Failed to fetch')),
      true,
    );
    stubFetch(neverAnswers);
    startEarlyRead('/api/event/model', 'tok', 'fr');
    await expect(takeEarlyRead('/api/event/model', 'tok')).rejects.toThrow('Failed to fetch');
    expect(useConnectivityStore.getState().isOnline).toBe(false);
    resetConnectivity();
  });
});
