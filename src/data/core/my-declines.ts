/**
 * The member's own "not coming" answers: the server's list, kept for offline reading, with the member's
 * pending writes laid over it in order, as events have theirs (server-events.ts). A decline queued at the
 * venue shows at once; subscribing or joining the waiting list replaces it, as on the server.
 */
import { declineEntrySchema } from '@common/contract/participation';
import { z } from '@common/contract/zod';
import { apiRequest } from './api-client';
import type { EquipeeDb } from './db';

export const myDeclinesPath = (userId: string) => `/api/event/my-declines/${userId}`;

/** Replaces the kept list with the server's (the signed-in member's); nothing when nobody is signed in. */
export async function refreshMyDeclines(db: EquipeeDb): Promise<void> {
  const session = await db.session.get('current');
  if (!session) return;
  const declines = await apiRequest('GET', myDeclinesPath(session.user.id), {
    schema: z.array(declineEntrySchema),
  });
  await db.transaction('rw', db.myDeclines, db.session, async () => {
    // Another member signed in meanwhile: their list is not this one.
    if ((await db.session.get('current'))?.user.id !== session.user.id) return;
    await db.myDeclines.clear();
    await db.myDeclines.bulkPut(
      declines.map((d) => ({ uuid_event: d.uuid_event, declined_at: d.declined_at })),
    );
  });
}
