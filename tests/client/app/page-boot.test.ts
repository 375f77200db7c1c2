import { afterEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../../src/data/core/session-storage';
import { startPageReads } from '../../../src/data/page-start';
import { json, stubFetch } from '../fake-api';

// The inline script of index.html, as the browser runs it: before the bundle, once per page.
const PARSERS = ['/assets/users-abc.js', '/assets/zod-def.js'];

async function runBootScript() {
  vi.resetModules();
  vi.stubGlobal('__PAGE_BOOT_PARSER_MODULES__', PARSERS);
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
  it('signed in on the week: sends the first reads and preloads the parsers; the bundle then sends nothing again', async () => {
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
    expect(preloads()).toEqual(PARSERS);
    expect(logoPreloads()).toEqual(['/logo.svg']); // the header's logo comes with the page

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

  it('a reload of the week painted from the cache: the reads leave, the parsers are not preloaded', async () => {
    setToken('tok');
    localStorage.setItem('clubTimeZone', 'Europe/Paris');
    const fetchMock = stubFetch(() => json(200, {}));
    await runBootScript();
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(preloads()).toEqual([]);
    expect(logoPreloads()).toEqual(['/logo.svg']);
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
