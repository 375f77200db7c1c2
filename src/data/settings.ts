/** The club's settings as screens read them: time zone, slogan and logo; and the admin's writes. */

import { DEFAULT_SLOGAN, DEFAULT_TIMEZONE } from '@common/contract/club-defaults';
import type { ClubSettings } from '@common/contract/settings';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useSyncExternalStore } from 'react';
import { afterNextPaint } from './core/after-paint';
import { mirroredClubLogo, mirroredClubName } from './core/club-brand-mirror';
import { mirroredClubTimeZone } from './core/club-time-zone-mirror';
import { appDb } from './core/db';
import { getToken } from './core/session-storage';
import { latestStartBrand, subscribeStartBrand } from './core/start-brand';

/** The Admin's reads and writes parse with the contract's schemas: that module loads on first use. */
const clubSettings = () => import('./core/club-settings');
/** The start settings every page reads, checked without zod (core/start-settings.ts): after the first paint. */
const startSettings = () => import('./core/start-settings');

// The zone as last read, shared by every screen: a component mounted once it is known (each event row's
// dates) renders with it at once, instead of blank until its own read answers, which moved the rows below.
// Before the first read, the zone mirrored at the last start (core/club-time-zone-mirror.ts).
let knownTimeZone: string | undefined = mirroredClubTimeZone();

/** The club's time zone; undefined until the cache has answered (then the server's default if unknown). */
export function useClubTimeZone(): string | undefined {
  return useLiveQuery(
    async () => {
      knownTimeZone = (await appDb().clubSettings.get('timezone'))?.value ?? DEFAULT_TIMEZONE;
      return knownTimeZone;
    },
    [],
    knownTimeZone,
  );
}

export function useSlogan(): string {
  return useLiveQuery(async () => (await appDb().clubSettings.get('slogan'))?.value, []) ?? DEFAULT_SLOGAN;
}

/** Asks the server for the club's settings (public: also before sign-in); offline, the cache stays. */
export function loadClubSettings(): void {
  const load = () =>
    void startSettings()
      .then(({ refreshClubSettings }) => refreshClubSettings(appDb()))
      .catch(() => undefined);
  // Signed out (the sign-in form), the parsing code and the read go after the form's first frame, never
  // sharing a slow network with the form's own code. Signed in, the page's boot sent the read and fetched the
  // code with the bundle already.
  if (getToken()) load();
  else afterNextPaint(load);
}

/**
 * The public URL of the club's logo: '' while none was uploaded, undefined until known. It comes with the
 * other start settings and is kept in the cache, so an offline start shows the club's own logo; an upload
 * writes the cache, so every logo on screen shows the new one at once.
 */
export function useLogoUrl(): string | undefined {
  useEffect(loadClubSettings, []);
  return useLiveQuery(async () => (await appDb().clubSettings.get('logo'))?.value, []);
}

/** Saves the slogan (admin, online only); the cache then holds it, so the header changes at once. */
export async function updateSlogan(value: string): Promise<string> {
  return (await clubSettings()).saveSlogan(appDb(), value);
}

/** The club's name and accent colour for the header; undefined until the first read brings them. */
export function useClubBrand(): { clubName: string; accentColour: string } | undefined {
  return useLiveQuery(async () => {
    const [name, colour] = await appDb().clubSettings.bulkGet(['club_name', 'accent_colour']);
    return name && colour ? { clubName: name.value, accentColour: colour.value } : undefined;
  }, []);
}

/** The club's name as mirrored at the last read of its settings (synchronous, for a first paint); null before any. */
export { mirroredClubName };

/**
 * The club's name and logo above the sign-in and password forms: from the start settings' read in this page,
 * else as mirrored at the last one (name null and logo undefined before any). Never from the cache: signed
 * out, the sign-in page opens no database (core/start-brand.ts); signed in, the read into the cache gives
 * them too.
 */
export function useStartBrand(): { clubName: string | null; logoUrl: string | undefined } {
  useEffect(() => {
    if (getToken()) loadClubSettings();
    else
      afterNextPaint(
        () =>
          void startSettings()
            .then(({ refreshStartBrand }) => refreshStartBrand())
            .catch(() => undefined),
      );
  }, []);
  const brand = useSyncExternalStore(subscribeStartBrand, latestStartBrand);
  return brand ?? { clubName: mirroredClubName(), logoUrl: mirroredClubLogo() };
}

/** The club's name, colour and reminder delay (Admin, online only). */
export async function readClubSettingsForAdmin() {
  return (await clubSettings()).readClubSettings();
}

/** Saves any of them (Admin, online only); the header follows at once. */
export async function updateClubSettings(changes: Partial<ClubSettings>) {
  return (await clubSettings()).saveClubSettings(appDb(), changes);
}

/** Uploads the club's logo (admin, online only); every logo on screen shows the new one at once. */
export async function uploadLogo(file: Blob): Promise<string> {
  // The server versions the URL (`?v=` the file's time): a new logo is a new URL for every cache.
  return (await clubSettings()).saveLogo(appDb(), file);
}
