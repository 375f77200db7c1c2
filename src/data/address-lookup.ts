/**
 * The event's map link (docs/rules.md#club-settings): the French national address search, asked from the
 * browser (no key, no token), gives the coordinates of its first answer, turned into an OpenStreetMap link.
 * Its URL is the server's `address_search` public setting (ADDRESS_SEARCH_URL), read once: one built app then
 * works against the real service and, in tests, against a local stand-in, and the server's CSP connect-src
 * names the same origin. Any failure (offline, 4 s without answer, no result) gives null: the form says so
 * and saves the event without a link.
 */
import { z } from '@common/contract/zod';
import { readPublicSetting } from './core/club-settings';

export const ADDRESS_TIMEOUT_MS = 4000;

const answerSchema = z.object({
  features: z.array(z.object({ geometry: z.object({ coordinates: z.tuple([z.number(), z.number()]) }) })),
});

let searchUrl: Promise<string> | undefined;

function addressSearchUrl(): Promise<string> {
  searchUrl ??= readPublicSetting('address_search').catch((error: unknown) => {
    searchUrl = undefined;
    throw error;
  });
  return searchUrl;
}

/** An https OpenStreetMap link centred on the point (one of the contract's accepted maps hosts). */
export function osmLink(latitude: number, longitude: number): string {
  const lat = latitude.toFixed(6);
  const lon = longitude.toFixed(6);
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=17/${lat}/${lon}`;
}

/** The map link of an address; null when the service could not tell. */
export async function lookUpLocation(query: string): Promise<string | null> {
  try {
    const url = new URL(await addressSearchUrl());
    url.searchParams.set('q', query);
    url.searchParams.set('limit', '1');
    // Plain fetch, not the API client: this is not our server, and its failure says nothing of ours.
    const response = await fetch(url, { signal: AbortSignal.timeout(ADDRESS_TIMEOUT_MS) });
    if (!response.ok) return null;
    const first = answerSchema.parse(await response.json()).features[0];
    if (!first) return null;
    const [longitude, latitude] = first.geometry.coordinates;
    return osmLink(latitude, longitude);
  } catch {
    return null;
  }
}
