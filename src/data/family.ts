/**
 * The member's family as kept on this device (docs/rules.md#families): the children they answer for and
 * their own guardians, read by the sync after the week, so the week answers for each child with no signal.
 * Dexie only: the week's first paint loads no schema for it. Writes and consents: family-writes.ts.
 */
import type { Family, FamilyChild, Guardian } from '@common/contract/family';
import { useLiveQuery } from 'dexie-react-hooks';
import { appDb } from './core/db';

export type { Family, FamilyChild, Guardian };

/** The family as last read on this device for this member; null when never read (undefined while loading). */
export function useFamily(userId: string): Family | null | undefined {
  return useLiveQuery(async () => {
    const row = await appDb().family.get('current');
    return row?.userId === userId ? row.family : null;
  }, [userId]);
}

/** The children the member answers for, as last read (none while unknown). */
export function useChildren(userId: string): FamilyChild[] {
  return useFamily(userId)?.children ?? [];
}
