import type { Stuff } from '@common/contract/catalog';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { closeKitGaps } from '../kit/kit.repository';

type Db = Kysely<Database>;
const COLUMNS = ['uuid', 'name', 'description', 'stock', 'is_infinite', 'kind'] as const;

export function listStuff(db: Db): Promise<Stuff[]> {
  return db.selectFrom('stuffs').select(COLUMNS).orderBy('name').orderBy('uuid').execute();
}

export function insertStuff(db: Db, stuff: Stuff): Promise<Stuff> {
  return db.insertInto('stuffs').values(stuff).returning(COLUMNS).executeTakeFirstOrThrow();
}

export function updateStuff(db: Db, stuff: Stuff): Promise<Stuff | undefined> {
  const { uuid, ...changes } = stuff;
  return db.updateTable('stuffs').set(changes).where('uuid', '=', uuid).returning(COLUMNS).executeTakeFirst();
}

/** A stuff leaves the catalogue: its items in past kits go with it (the keys cascade), and the kits close up. */
export async function deleteStuff(db: Db, uuid: string): Promise<boolean> {
  const result = await db.deleteFrom('stuffs').where('uuid', '=', uuid).executeTakeFirst();
  if (result.numDeletedRows === 0n) return false;
  await closeKitGaps(db);
  return true;
}

export function findStuff(db: Db, uuid: string): Promise<Stuff | undefined> {
  return db.selectFrom('stuffs').select(COLUMNS).where('uuid', '=', uuid).executeTakeFirst();
}

/** The names of these stuffs, by uuid. */
export async function stuffNames(db: Db, uuids: readonly string[]): Promise<Map<string, string>> {
  if (uuids.length === 0) return new Map();
  const rows = await db
    .selectFrom('stuffs')
    .select(['uuid', 'name'])
    .where('uuid', 'in', [...uuids])
    .execute();
  return new Map(rows.map((r) => [r.uuid, r.name]));
}

/** Which of these stuffs exist. */
export async function existingStuffUuids(db: Db, uuids: string[]): Promise<string[]> {
  if (uuids.length === 0) return [];
  const rows = await db.selectFrom('stuffs').select('uuid').where('uuid', 'in', uuids).execute();
  return rows.map((r) => r.uuid);
}

/** Locks stuff rows in uuid order, so two transactions touching the same stuff never deadlock. */
export async function lockStuffs(db: Db, uuids: string[], lock: boolean): Promise<void> {
  if (!lock || uuids.length === 0) return;
  await db
    .selectFrom('stuffs')
    .select('uuid')
    .where('uuid', 'in', [...new Set(uuids)].sort())
    .orderBy('uuid')
    .forUpdate()
    .execute();
}
