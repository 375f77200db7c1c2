/**
 * A member's file (docs/rules.md#members-file): the licences and health items, and its state today, read by
 * the member or a guardian of a minor. The last answer is kept on this device so « Mon dossier » shows
 * offline, said to be as last read; recording health items needs the network (like every profile change).
 */
import {
  type Dossier,
  dossierSchema,
  type HealthItem,
  type HealthKind,
  healthItemSchema,
} from '@common/contract/member-file';
import {
  healthListSchema,
  type LicenceAnswer,
  type MemberFileAnswer,
  memberFileSchema,
  type StoredHealthItem,
} from '@common/contract/member-file-answers';
import { useLiveQuery } from 'dexie-react-hooks';
import { apiRequest } from './core/api-client';
import { appDb, type MemberFileRow } from './core/db';

export type {
  Dossier,
  HealthItem,
  HealthKind,
  LicenceAnswer,
  MemberFileAnswer,
  MemberFileRow,
  StoredHealthItem,
};

/** The file as last read on this device; null when never read here (undefined while loading). */
export function useMemberFile(userId: string): MemberFileRow | null | undefined {
  return useLiveQuery(async () => (await appDb().memberFiles.get(userId)) ?? null, [userId]);
}

const dossierToday = (userId: string): Promise<Dossier> =>
  apiRequest('GET', `/api/user/${userId}/dossier`, { schema: dossierSchema });

/** Reads the file and its state today again, and keeps them in place of the last ones. */
export async function refreshMemberFile(userId: string): Promise<MemberFileRow> {
  const [file, dossier] = await Promise.all([
    apiRequest('GET', `/api/user/${userId}/member-file`, { schema: memberFileSchema }),
    dossierToday(userId),
  ]);
  const row: MemberFileRow = { userId, readAt: Date.now(), file, dossier };
  await appDb().memberFiles.put(row);
  return row;
}

/** The item as the server takes it: only the fields of its kind, without when or by whom it was recorded. */
export function asSent(item: HealthItem | StoredHealthItem): HealthItem {
  return healthItemSchema.parse(
    Object.fromEntries(
      Object.entries(item).filter(([key]) => key !== 'recorded_at' && key !== 'recorded_by_admin'),
    ),
  );
}

/**
 * Replaces the member's health items with these (the server refuses removing an Admin's item): a refusal is
 * thrown and nothing changes here. Once saved, the kept file takes the server's list, then the state today is
 * read again (if that read fails, the saved items stay and the next opening reads it).
 */
export async function saveHealthItems(userId: string, items: HealthItem[]): Promise<void> {
  const saved = await apiRequest('PUT', `/api/user/${userId}/health`, {
    body: { items: items.map(asSent) },
    schema: healthListSchema,
  });
  const db = appDb();
  await db.memberFiles
    .where('userId')
    .equals(userId)
    .modify((row) => {
      row.file = { ...row.file, health_items: saved.items };
    });
  const dossier = await dossierToday(userId).catch(() => null);
  if (dossier) await db.memberFiles.update(userId, { dossier, readAt: Date.now() });
}
