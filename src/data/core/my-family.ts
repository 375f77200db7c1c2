/**
 * The signed-in member's family (docs/rules.md#families), kept for offline reading: the week offers an answer
 * for each child the member answers for, at the venue with no signal too.
 */
import { type Family, familySchema } from '@common/contract/family';
import { apiRequest } from './api-client';
import type { EquipeeDb } from './db';

export const FAMILY_PATH = '/api/family';

/** Replaces the kept family with the server's; nothing when nobody is signed in. */
export async function refreshMyFamily(db: EquipeeDb): Promise<Family | null> {
  const session = await db.session.get('current');
  if (!session) return null;
  const family = await apiRequest('GET', FAMILY_PATH, { schema: familySchema });
  await db.transaction('rw', db.family, db.session, async () => {
    // Another member signed in meanwhile: this family is not theirs.
    if ((await db.session.get('current'))?.user.id !== session.user.id) return;
    await db.family.put({ key: 'current', userId: session.user.id, family });
  });
  return family;
}
