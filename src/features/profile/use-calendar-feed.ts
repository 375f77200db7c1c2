import { useCallback, useEffect, useState } from 'react';
import {
  type CalendarFeedState,
  createCalendarFeed,
  fetchCalendarFeed,
  revokeCalendarFeed,
} from '../../data/calendar-feed';

export type CalendarFeedView = { kind: 'loading' } | { kind: 'failed'; error: unknown } | CalendarFeedState;

/**
 * The member's feed as the profile shows it: read when the section opens (and on retry); create,
 * regenerate and revoke replace it with the server's answer. A failed write is thrown to the caller,
 * which says so where the action was asked (a button, a dialog), and leaves the view as it was.
 */
export function useCalendarFeed(userId: string) {
  const [view, setView] = useState<CalendarFeedView>({ kind: 'loading' });
  // Answers the function that ignores this read's answer (the section closed, or the user changed).
  const load = useCallback(() => {
    let isCurrent = true;
    setView({ kind: 'loading' });
    fetchCalendarFeed(userId)
      .then((state) => isCurrent && setView(state))
      .catch((error: unknown) => isCurrent && setView({ kind: 'failed', error }));
    return () => {
      isCurrent = false;
    };
  }, [userId]);

  useEffect(() => load(), [load]);

  const retry = useCallback(() => void load(), [load]);
  const create = useCallback(async () => setView(await createCalendarFeed(userId)), [userId]);
  const revoke = useCallback(async () => setView(await revokeCalendarFeed(userId)), [userId]);
  return { view, retry, create, revoke };
}
