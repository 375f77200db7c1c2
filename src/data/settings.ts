/** The club's settings as screens read them: time zone, slogan and logo; and the admin's writes. */
import { useLiveQuery } from 'dexie-react-hooks';
import { useSyncExternalStore } from 'react';
import { DEFAULT_SLOGAN, DEFAULT_TIMEZONE } from '../common/contract/club-defaults';
import { appDb } from './core/db';

/** Fetching parses with the contract's schemas: that module loads on first use, after the first paint. */
const clubSettings = () => import('./core/club-settings');

/** The club's time zone; undefined until the cache has answered (then the server's default if unknown). */
export function useClubTimeZone(): string | undefined {
  return useLiveQuery(
    async () => (await appDb().clubSettings.get('timezone'))?.value ?? DEFAULT_TIMEZONE,
    [],
  );
}

export function useSlogan(): string {
  return useLiveQuery(async () => (await appDb().clubSettings.get('slogan'))?.value, []) ?? DEFAULT_SLOGAN;
}

/** Asks the server for the club's settings (public: also before sign-in); offline, the cache stays. */
export function loadClubSettings(): void {
  void clubSettings()
    .then(({ refreshClubSettings }) => refreshClubSettings(appDb()))
    .catch(() => undefined);
}

/**
 * The logo's URL as this tab knows it: undefined until asked, '' while none was uploaded. One value for
 * every logo on screen, so that an upload shows in the header at once.
 */
let logoUrl: string | undefined;
let isLogoAsked = false;
const logoListeners = new Set<() => void>();

function setLogoUrl(url: string): void {
  logoUrl = url;
  for (const listener of logoListeners) listener();
}

function subscribeLogo(listener: () => void): () => void {
  logoListeners.add(listener);
  if (isLogoAsked) return () => logoListeners.delete(listener);
  isLogoAsked = true;
  void clubSettings()
    .then(({ readPublicSetting }) => readPublicSetting('logo'))
    .then(
      (url) => setLogoUrl(logoUrl ?? url),
      () => {
        isLogoAsked = false; // offline: the next logo shown asks again
      },
    );
  return () => logoListeners.delete(listener);
}

/** The public URL of the club's logo: '' while none was uploaded, undefined until the server answered. */
export function useLogoUrl(): string | undefined {
  return useSyncExternalStore(subscribeLogo, () => logoUrl);
}

/** Saves the slogan (admin, online only); the cache then holds it, so the header changes at once. */
export async function updateSlogan(value: string): Promise<string> {
  return (await clubSettings()).saveSlogan(appDb(), value);
}

/** Uploads the club's logo (admin, online only); every logo on screen shows the new one at once. */
export async function uploadLogo(file: Blob): Promise<string> {
  // The server versions the URL (`?v=` the file's time): a new logo is a new URL for every cache.
  const url = await (await clubSettings()).saveLogo(file);
  setLogoUrl(url);
  return url;
}
