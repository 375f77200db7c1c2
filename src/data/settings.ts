/** The club's settings as screens read them: time zone, slogan and logo. */
import { useLiveQuery } from 'dexie-react-hooks';
import { DEFAULT_SLOGAN, settingResponseSchema } from '../common/contract/settings';
import { apiRequest } from './core/api-client';
import { DEFAULT_TIMEZONE, refreshClubSettings } from './core/club-settings';
import { appDb } from './core/db';

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
  void refreshClubSettings(appDb()).catch(() => undefined);
}

/** The public URL of the club's logo. */
export async function fetchLogoUrl(): Promise<string> {
  const { value } = await apiRequest('GET', '/api/internal/settings?key=logo', {
    schema: settingResponseSchema,
    isAnonymous: true,
  });
  return value;
}
