import type { ClubSettings } from '@common/contract/settings';
import { useCallback, useEffect, useState } from 'react';
import { readClubSettingsForAdmin } from '../../data/settings';

export type ClubSettingsState = ClubSettings | 'loading' | 'failed';

/** The club's settings as the server holds them (Admin), read once online; both forms of the screen share them. */
export function useClubSettings(isOnline: boolean) {
  const [saved, setSaved] = useState<ClubSettingsState>('loading');
  const load = useCallback(() => {
    setSaved('loading');
    readClubSettingsForAdmin().then(setSaved, () => setSaved('failed'));
  }, []);
  useEffect(() => {
    if (isOnline) load();
  }, [isOnline, load]);
  return { saved, setSaved, load };
}
