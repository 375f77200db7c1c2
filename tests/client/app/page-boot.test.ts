import { afterEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../../src/data/core/session-storage';
import { startPageReads } from '../../../src/data/page-start';
import { json, stubFetch } from '../fake-api';

// The inline script of index.html, as the browser runs it: before the bundle, once per page.
const PARSERS = ['/assets/users-abc.js', '/assets/zod-def.js'];
const SETTINGS_READER = ['/assets/start-settings-ghi.js'];

async function runBootScript() {
  vi.resetModules();
  vi.stubGlobal('__PAGE_BOOT_PARSER_MODULES__', PARSERS);
  vi.stubGlobal('__PAGE_BOOT_SETTINGS_MODULES__', SETTINGS_READER);
  await import('../../../src/app/boot/page-boot');
}
const preloads = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((link) =>
    link.getAttribute('href'),
  );

const logoPreloads = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="image"]')].map((link) =>
    link.getAttribute('href'),
  );

afterEach(() => {
  for (const link of document.head.querySelectorAll('link')) link.remove();
});

describe('the page boot script (index.html, before the bundle)', () => {
  it('signed in on the week: sends the first reads, preloads the settings reader, not the parsers nor any image; the bundle then sends nothing again', async () => {
    setToken('tok');
    localStorage.setItem('lang', 'en');
    const fetchMock = stubFetch(() => json(200, {}));
    await runBootScript();
    const sent = fetchMock.mock.calls.map(([url, init]) => [url, init?.headers]);
    expect(sent).toEqual([
      ['/api/internal/settings/start', { 'Accept-Language': 'en' }],
      ['/api/user/me', { 'Accept-Language': 'en', Authorization: 'Bearer tok' }],
      [expect.stringMatching(/^\/api\/event\/from\/\d{4}-\d{2}-\d{2}\/to\//), expect.anything()],
    ]);
    expect(fetchMock.mock.calls[0]?.[1]?.signal).toBeInstanceOf(AbortSignal); // never waits forever
    // The parsers come once the week is on screen (data/page-start.ts), the header's logo too.
    expect(preloads()).toEqual(SETTINGS_READER);
    expect(logoPreloads()).toEqual([]);

    startPageReads({ pathname: '/', search: '' }, 'en');
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('signed out: sends nothing and preloads nothing', async () => {
    const fetchMock = stubFetch(() => json(200, {}));
    await runBootScript();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(preloads()).toEqual([]);
    expect(logoPreloads()).toEqual([]); // the sign-in form's bytes first
  });

  it('another signed-in page: the reads leave, the settings reader and the parsers are preloaded', async () => {
    setToken('tok');
    window.history.replaceState(null, '', '/my-profile');
    try {
      const fetchMock = stubFetch(() => json(200, {}));
      await runBootScript();
      expect(fetchMock).toHaveBeenCalledTimes(2);
      expect(preloads()).toEqual([...SETTINGS_READER, ...PARSERS]);
      expect(logoPreloads()).toEqual([]);
    } finally {
      window.history.replaceState(null, '', '/');
    }
  });

  it('storage refused: no error escapes, the bundle sends the reads itself', async () => {
    const fetchMock = stubFetch(() => json(200, {}));
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    await expect(runBootScript()).resolves.toBeUndefined();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
