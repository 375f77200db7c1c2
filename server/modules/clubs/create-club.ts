import { type Kysely, sql } from 'kysely';
import type { Config } from '../../config';
import { APP_ROLE } from '../../db/club-scope/app-role';
import { toClub } from '../../db/club-scope/club-registry';
import { disableClubRow } from '../../db/club-scope/clubs.repository';
import { type Club, runInClub } from '../../db/club-scope/current-club';
import type { Database } from '../../db/schema';
import { writeSetting } from '../settings/settings.repository';
import { createConfirmedUser } from '../users/create-user';

export class ClubInputError extends Error {}

export interface NewClubInput {
  name: string;
  host: string;
  timezone: string;
  username: string;
  email: string;
  password: string;
}

const HOST = /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/;

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export function normaliseHost(host: string): string {
  const normal = host.trim().toLowerCase().replace(/\.$/, '');
  if (!HOST.test(normal))
    throw new ClubInputError(`"${host}" is not a host name (such as kayak-odet.example.org).`);
  return normal;
}

/**
 * Makes a club with its first SuperAdmin, in one transaction (issue 30): the registry row, the club's data
 * version and name, and the account. Run as the tables' owner (the application's role only reads the
 * registry). The club's key, `club-<id>`, names its folder under DATA_DIR and signs its links.
 */
export async function createClub(
  db: Kysely<Database>,
  config: Config,
  input: NewClubInput,
): Promise<{ club: Club; superAdmin: { username: string; email: string } }> {
  const name = input.name.trim();
  if (name.length === 0 || name.length > 100) throw new ClubInputError('--name must be 1 to 100 characters.');
  const host = normaliseHost(input.host);
  if (!isTimeZone(input.timezone)) throw new ClubInputError(`"${input.timezone}" is not an IANA time zone.`);
  const taken = await db.selectFrom('clubs').select('id').where('host', '=', host).executeTakeFirst();
  if (taken) throw new ClubInputError(`A club already answers ${host}.`);
  const { rows } = await sql<{ id: number }>`select nextval('clubs_id_seq')::integer as id`.execute(db);
  const id = rows[0]?.id ?? 0;
  const club = toClub(
    {
      id,
      name,
      host,
      key: `club-${id}`,
      timezone: input.timezone,
      disabled_at: null,
      created_at: new Date(),
    },
    false,
    config,
  );
  const superAdmin = await runInClub(club, () =>
    db.transaction().execute(async (trx) => {
      await trx
        .insertInto('clubs')
        .values({ id, name, host, key: club.key, timezone: input.timezone })
        .execute();
      // The rest as the application's role, under the club's policies: the owner may be a superuser
      // (PGlite's always is), who sees every club's rows, and a username is taken only within a club.
      await sql.raw(`set local role ${APP_ROLE}`).execute(trx);
      await sql`insert into data_version (club_id, version) values (${id}, 1)`.execute(trx);
      await writeSetting(trx, 'club_name', name, new Date());
      return createConfirmedUser(trx, { ...input, role: 'SuperAdmin' });
    }),
  );
  return { club, superAdmin: { username: superAdmin.username, email: superAdmin.email } };
}

/** Ends a club's service: its hosts answer 401 (API) or 404, its jobs stop; no row is deleted. */
export async function disableClub(db: Kysely<Database>, host: string, now: Date): Promise<void> {
  const normal = normaliseHost(host);
  if (!(await disableClubRow(db, normal, now)))
    throw new ClubInputError(`No enabled club answers ${normal}.`);
}
