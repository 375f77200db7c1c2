import { describe, expect, it } from 'vitest';
import { lookUpLocation, osmLink } from '../../../src/data/address-lookup';
import { json, offline, stubFetch } from '../fake-api';

const SEARCH = 'http://127.0.0.1:9/search/';

/** Our server names the address service; the service answers `answer`. */
function stubService(answer: () => Response) {
  const urls: string[] = [];
  stubFetch((url) => {
    urls.push(url);
    if (url.startsWith('/api/internal/settings')) return json(200, { key: 'address_search', value: SEARCH });
    return answer();
  });
  return urls;
}

describe('the address lookup', () => {
  it('asks the configured service for one result and links the first point on OpenStreetMap', async () => {
    const urls = stubService(() =>
      json(200, { features: [{ geometry: { type: 'Point', coordinates: [-4.486076, 48.390394] } }] }),
    );
    expect(await lookUpLocation('1 quai Malbert 29200 Brest')).toBe(osmLink(48.390394, -4.486076));
    const asked = new URL(urls.at(-1) ?? '');
    expect(`${asked.origin}${asked.pathname}`).toBe(SEARCH);
    expect(asked.searchParams.get('q')).toBe('1 quai Malbert 29200 Brest');
    expect(asked.searchParams.get('limit')).toBe('1');
    expect(osmLink(48.390394, -4.486076)).toMatch(/^https:\/\/www\.openstreetmap\.org\//);
  });

  it('gives null when nothing is found, when the service fails, or when it cannot be reached', async () => {
    stubService(() => json(200, { features: [] }));
    expect(await lookUpLocation('nulle part')).toBeNull();
    stubService(() => json(502, { message: 'bad gateway' }));
    expect(await lookUpLocation('Brest')).toBeNull();
    stubService(offline);
    expect(await lookUpLocation('Brest')).toBeNull();
  });
});
