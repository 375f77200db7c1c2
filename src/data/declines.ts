/** Who answered "not coming" to an event (online only; those who may take attendance, issue 27). */
import { type DeclineEntry, declineEntrySchema } from '../common/contract/participation';
import { z } from '../common/contract/zod';
import { apiRequest } from './core/api-client';

export type { DeclineEntry };

export const fetchEventDeclines = (eventUuid: string): Promise<DeclineEntry[]> =>
  apiRequest('GET', `/api/event/${eventUuid}/declines`, { schema: z.array(declineEntrySchema) });
