/** The club's settings as screens read them: time zone, slogan and logo. */
import { useLiveQuery } from 'dexie-react-hooks';
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

/** The public URL of the club's logo ('' while none was uploaded). */
export async function fetchLogoUrl(): Promise<string> {
  return (await clubSettings()).readPublicSetting('logo');
}
