import type { ConsentKey } from '@common/rules/consents';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

/** One recorded answer, with the names of the guardian who gave it (null once that account is gone). */
export interface ConsentRow {
  child_id: string;
  kind: ConsentKey;
  given: boolean;
  given_by: string;
  given_at: Date;
  first_name: string | null;
  last_name: string | null;
  by_exists: boolean;
}

/** The answers recorded for these children in this season. */
export async function consentsOf(db: Db, childIds: string[], season: string): Promise<ConsentRow[]> {
  if (childIds.length === 0) return [];
  const rows = await db
    .selectFrom('consents')
    .leftJoin('users', (join) =>
      join.onRef('users.id', '=', 'consents.given_by').on('users.deleted_at', 'is', null),
    )
    .select([
      'consents.child_id',
      'consents.kind',
      'consents.given',
      'consents.given_by',
      'consents.given_at',
      'users.first_name',
      'users.last_name',
      'users.id as by_id',
    ])
    .where('consents.child_id', 'in', childIds)
    .where('consents.season', '=', season)
    .execute();
  return rows.map(({ by_id, ...row }) => ({ ...row, by_exists: by_id !== null }));
}

/** Records these answers (given or withdrawn) for the child and season, replacing earlier ones. */
export async function saveConsents(
  db: Db,
  childId: string,
  season: string,
  answers: ReadonlyArray<{ kind: ConsentKey; given: boolean }>,
  givenBy: string,
  at: Date,
): Promise<void> {
  if (answers.length === 0) return;
  await db
    .insertInto('consents')
    .values(
      answers.map(({ kind, given }) => ({
        child_id: childId,
        season,
        kind,
        given,
        given_by: givenBy,
        given_at: at,
      })),
    )
    .onConflict((conflict) =>
      conflict.columns(['club_id', 'child_id', 'season', 'kind']).doUpdateSet((eb) => ({
        given: eb.ref('excluded.given'),
        given_by: eb.ref('excluded.given_by'),
        given_at: eb.ref('excluded.given_at'),
      })),
    )
    .execute();
}

/** The teams (creator and co-organisers) of the events the member holds a place in. */
export async function eventTeamsOfPlacesHeldBy(
  db: Db,
  memberId: string,
): Promise<Array<{ creatorId: string; coOrganiserIds: string[] }>> {
  const rows = await db
    .selectFrom('subscriptions')
    .innerJoin('events', 'events.uuid', 'subscriptions.event_uuid')
    .leftJoin('event_co_organisers', 'event_co_organisers.event_uuid', 'events.uuid')
    .select(['events.uuid', 'events.creator_id', 'event_co_organisers.user_id as co_organiser_id'])
    .where('subscriptions.user_id', '=', memberId)
    .execute();
  const teams = new Map<string, { creatorId: string; coOrganiserIds: string[] }>();
  for (const row of rows) {
    const team = teams.get(row.uuid) ?? { creatorId: row.creator_id, coOrganiserIds: [] };
    if (row.co_organiser_id) team.coOrganiserIds.push(row.co_organiser_id);
    teams.set(row.uuid, team);
  }
  return [...teams.values()];
}

/** Every answer recorded for the member, all seasons (their data export). */
export function everyConsentOf(
  db: Db,
  childId: string,
): Promise<Array<{ season: string; kind: ConsentKey; given: boolean; given_at: Date }>> {
  return db
    .selectFrom('consents')
    .select(['season', 'kind', 'given', 'given_at'])
    .where('child_id', '=', childId)
    .orderBy('season')
    .orderBy('kind')
    .execute();
}
