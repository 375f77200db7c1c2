import { waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { MISSING_CHUNK_RELOAD_KEY, reloadOnceForMissingChunks } from '../../../src/app/pwa-update';
import { stubFetch } from '../fake-api';

// A deploy deletes the previous build's chunks: a page still on the old build asks for a screen's lazy
// chunk, Vite reports `vite:preloadError`, and the page reloads once onto the new build.
const reload = vi.fn();
beforeAll(() => reloadOnceForMissingChunks(reload));
beforeEach(() => {
  reload.mockClear();
  sessionStorage.clear();
});

const chunkMissing = () => window.dispatchEvent(new Event('vite:preloadError'));

describe('a page on a deleted build', () => {
  it('reloads once when the server answers, and not again within a minute (no loop)', async () => {
    const fetchMock = stubFetch(() => new Response(null, { status: 200 }));
    chunkMissing();
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(fetchMock).toHaveBeenCalledWith('/', { method: 'HEAD', cache: 'no-store' });
    expect(Number(sessionStorage.getItem(MISSING_CHUNK_RELOAD_KEY))).toBeGreaterThan(0);

    chunkMissing();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('does not reload when the server cannot be reached: the screen says it is offline instead', async () => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    chunkMissing();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(reload).not.toHaveBeenCalled();
  });

  it('does not reload when the server answers an error', async () => {
    stubFetch(() => new Response(null, { status: 503 }));
    chunkMissing();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(reload).not.toHaveBeenCalled();
  });
});
