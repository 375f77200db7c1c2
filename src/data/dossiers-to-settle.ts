/**
 * « À régulariser » (docs/rules.md#members-file): the members whose file needs an Admin's action. Read online
 * when the screen opens, never cached on the phone: the reasons are health data, and it is an office task.
 */
import {
  DOSSIERS_TO_SETTLE_CSV_PATH,
  DOSSIERS_TO_SETTLE_PATH,
  type DossierToSettle,
  dossiersToSettleSchema,
} from '@common/contract/dossiers-to-settle';
import { useCallback, useEffect, useState } from 'react';
import { apiRequest } from './core/api-client';
import { downloadFile } from './downloads';
import { useIsOnline } from './sync-status';

export type { DossierToSettle };

export type DossiersToSettleRead =
  | { state: 'reading' }
  | { state: 'offline' }
  | { state: 'failed'; error: unknown }
  | { state: 'read'; entries: DossierToSettle[] };

/**
 * The list, read when the screen opens and when the network comes back to a screen that waited for it;
 * `reload` reads it again (after a failure). A list read stays shown, online or not.
 */
export function useDossiersToSettle(): { read: DossiersToSettleRead; reload: () => void } {
  const isOnline = useIsOnline();
  const [read, setRead] = useState<DossiersToSettleRead>({ state: 'reading' });
  const isWanted = read.state === 'reading' || read.state === 'offline';
  useEffect(() => {
    if (!isWanted) return;
    if (!isOnline) {
      setRead({ state: 'offline' });
      return;
    }
    let isCurrent = true;
    setRead({ state: 'reading' });
    apiRequest('GET', DOSSIERS_TO_SETTLE_PATH, { schema: dossiersToSettleSchema }).then(
      (entries) => isCurrent && setRead({ state: 'read', entries }),
      (error: unknown) => isCurrent && setRead({ state: 'failed', error }),
    );
    return () => {
      isCurrent = false;
    };
  }, [isOnline, isWanted]);
  const reload = useCallback(() => setRead({ state: 'reading' }), []);
  return { read, reload };
}

/** The CSV, saved as `fileName` unless the server names it (both name it alike: docs/rules.md#file-names). */
export function downloadDossiersToSettleCsv(fileName: string): Promise<void> {
  return downloadFile(DOSSIERS_TO_SETTLE_CSV_PATH, fileName);
}
