import type { Model } from '@common/contract/catalog';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;
const COLUMNS = ['uuid', 'name', 'description'] as const;

export function listModels(db: Db): Promise<Model[]> {
  return db.selectFrom('event_models').select(COLUMNS).orderBy('name').orderBy('uuid').execute();
}

export function insertModel(db: Db, model: Model): Promise<Model> {
  return db.insertInto('event_models').values(model).returning(COLUMNS).executeTakeFirstOrThrow();
}

export function updateModel(db: Db, model: Model): Promise<Model | undefined> {
  const { uuid, ...changes } = model;
  return db
    .updateTable('event_models')
    .set(changes)
    .where('uuid', '=', uuid)
    .returning(COLUMNS)
    .executeTakeFirst();
}

export async function deleteModel(db: Db, uuid: string): Promise<boolean> {
  const result = await db.deleteFrom('event_models').where('uuid', '=', uuid).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

export function findModel(db: Db, uuid: string): Promise<Model | undefined> {
  return db.selectFrom('event_models').select(COLUMNS).where('uuid', '=', uuid).executeTakeFirst();
}
