import { useEffect } from 'react';
import { type DeclineEntry, refreshEventDeclines, useKeptDeclines } from './declines';
import { useIsOnline } from './sync-status';

/**
 * An event's "not coming" answers for those who take attendance: as kept on the device at once, read again
 * whenever the network is there. A failed read keeps the list as last read: it never empties because the signal
 * dropped.
 */
export function useEventDeclines(eventUuid: string): {
  declines: DeclineEntry[] | null | undefined;
  isOnline: boolean;
} {
  const isOnline = useIsOnline();
  const declines = useKeptDeclines(eventUuid);
  useEffect(() => {
    if (isOnline) refreshEventDeclines(eventUuid).catch(() => undefined);
  }, [eventUuid, isOnline]);
  return { declines, isOnline };
}
