/** The deep link to one event (`/event/:uuid`), for its screen: the event, or why not. */

import type { EventDto } from '@common/contract/event';
import { useEffect, useState } from 'react';
import { ApiError } from './core/api-client';
import { refreshEvent, useEvent } from './events';

export type EventLinkProblem = 'not_found' | 'unreachable';

/**
 * The linked event from the cache at once when it is there, fetched fresh all the same (a mail is often
 * opened days later); `problem` says why there is none: the server does not know it, or cannot be reached.
 */
export function useLinkedEvent(uuid: string): {
  event: EventDto | undefined;
  problem: EventLinkProblem | null;
} {
  const cached = useEvent(uuid);
  const [problem, setProblem] = useState<EventLinkProblem | null>(null);
  useEffect(() => {
    let isCurrent = true;
    setProblem(null);
    refreshEvent(uuid).catch((error: unknown) => {
      if (!isCurrent) return;
      const isUnknown = error instanceof ApiError && !error.isNetworkOrServer && error.status !== 401;
      setProblem(isUnknown ? 'not_found' : 'unreachable');
    });
    return () => {
      isCurrent = false;
    };
  }, [uuid]);
  return { event: cached ?? undefined, problem: cached ? null : problem };
}
