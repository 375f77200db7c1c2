import type { Model } from '@common/contract/catalog';
import type { Enforcement, Requirements } from '@common/contract/member-file';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;
const COLUMNS = [
  'uuid',
  'name',
  'description',
  'requires_licence',
  'requires_health',
  'requires_competition',
  'requires_savoir_nager',
  'enforcement',
] as const;

interface ModelRow {
  uuid: string;
  name: string;
  description: string;
  requires_licence: boolean;
  requires_health: boolean;
  requires_competition: boolean;
  requires_savoir_nager: boolean;
  enforcement: Enforcement;
}

/** The four requirements as the API says them: null when the model asks nothing (docs/rules.md#members-file). */
export function requirementsOfRow(
  row: Pick<
    ModelRow,
    'requires_licence' | 'requires_health' | 'requires_competition' | 'requires_savoir_nager'
  >,
): Requirements | null {
  const requirements = {
    licence: row.requires_licence,
    health: row.requires_health,
    competition: row.requires_competition,
    savoir_nager: row.requires_savoir_nager,
  };
  return Object.values(requirements).some(Boolean) ? requirements : null;
}

const toModel = (row: ModelRow): Model => ({
  uuid: row.uuid,
  name: row.name,
  description: row.description,
  requirements: requirementsOfRow(row),
  enforcement: row.enforcement,
});

/** The columns a model's input writes; requirements absent keep what is stored (an older app's update). */
function toRow(model: Model) {
  const r = model.requirements;
  return {
    uuid: model.uuid,
    name: model.name,
    description: model.description,
    ...(r === undefined
      ? {}
      : {
          requires_licence: r?.licence ?? false,
          requires_health: r?.health ?? false,
          requires_competition: r?.competition ?? false,
          requires_savoir_nager: r?.savoir_nager ?? false,
        }),
    ...(model.enforcement === undefined ? {} : { enforcement: model.enforcement }),
  };
}

export async function listModels(db: Db): Promise<Model[]> {
  const rows = await db.selectFrom('event_models').select(COLUMNS).orderBy('name').orderBy('uuid').execute();
  return rows.map(toModel);
}

export async function insertModel(db: Db, model: Model): Promise<Model> {
  const row = await db
    .insertInto('event_models')
    .values(toRow(model))
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
  return toModel(row);
}

export async function updateModel(db: Db, model: Model): Promise<Model | undefined> {
  const { uuid, ...changes } = toRow(model);
  const row = await db
    .updateTable('event_models')
    .set(changes)
    .where('uuid', '=', uuid)
    .returning(COLUMNS)
    .executeTakeFirst();
  return row && toModel(row);
}

export async function deleteModel(db: Db, uuid: string): Promise<boolean> {
  const result = await db.deleteFrom('event_models').where('uuid', '=', uuid).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

export async function findModel(db: Db, uuid: string): Promise<Model | undefined> {
  const row = await db.selectFrom('event_models').select(COLUMNS).where('uuid', '=', uuid).executeTakeFirst();
  return row && toModel(row);
}
