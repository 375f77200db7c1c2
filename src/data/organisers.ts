/** Who an event form may name co-organiser: read online when the form needs it, not cached. */

import { ORGANISERS_PATH, type Organiser, organiserSchema } from '@common/contract/event';
import { z } from '@common/contract/zod';
import { useEffect, useState } from 'react';
import { apiRequest } from './core/api-client';

export type { Organiser };

export type OrganisersRead =
  | { state: 'reading' }
  | { state: 'read'; organisers: Organiser[] }
  | { state: 'failed' };

const organisersSchema = z.array(organiserSchema);

/** The club's organisers, read once per form opened; `enabled` false reads nothing (not offered). */
export function useOrganisers(enabled: boolean): OrganisersRead {
  const [read, setRead] = useState<OrganisersRead>({ state: 'reading' });
  useEffect(() => {
    if (!enabled) return;
    let isCurrent = true;
    apiRequest('GET', ORGANISERS_PATH, { schema: organisersSchema }).then(
      (organisers) => isCurrent && setRead({ state: 'read', organisers }),
      () => isCurrent && setRead({ state: 'failed' }),
    );
    return () => {
      isCurrent = false;
    };
  }, [enabled]);
  return read;
}

/** First and last name, else the username. */
export const organiserName = (o: Organiser): string =>
  [o.first_name, o.last_name].filter(Boolean).join(' ').trim() || o.username;
