import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export async function readSetting(db: Kysely<Database>, key: string): Promise<string | undefined> {
  const row = await db.selectFrom('app_settings').select('value').where('key', '=', key).executeTakeFirst();
  return row?.value;
}

export async function writeSetting(
  db: Kysely<Database>,
  key: string,
  value: string,
  now: Date,
): Promise<void> {
  await db
    .insertInto('app_settings')
    .values({ key, value, updated_at: now })
    .onConflict((oc) => oc.columns(['club_id', 'key']).doUpdateSet({ value, updated_at: now }))
    .execute();
}

export async function deleteSetting(db: Kysely<Database>, key: string): Promise<void> {
  await db.deleteFrom('app_settings').where('key', '=', key).execute();
}
