import type { Kysely } from 'kysely';
import type { Config } from '../../config';
import { setLocalAppRole } from '../../db/club-scope/app-role';
import { toClub } from '../../db/club-scope/club-registry';
import {
  disableClubRow,
  enableClubRow,
  findClubIdByHost,
  insertClubWithId,
  nextClubId,
} from '../../db/club-scope/clubs.repository';
import { type Club, runInClub } from '../../db/club-scope/current-club';
import { insertDataVersion } from '../../db/data-version';
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
 * Makes a club with its first SuperAdmin, in one transaction (docs/rules.md#several-clubs): the registry row, the club's data
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
  const taken = await findClubIdByHost(db, host);
  if (taken !== undefined) throw new ClubInputError(`A club already answers ${host}.`);
  const id = (await nextClubId(db)) ?? 0;
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
      await insertClubWithId(trx, { id, name, host, key: club.key, timezone: input.timezone });
      // The rest as the application's role, under the club's policies: the owner may be a superuser
      // (PGlite's always is), who sees every club's rows, and a username is taken only within a club.
      await setLocalAppRole(trx);
      await insertDataVersion(trx, id);
      await writeSetting(trx, 'club_name', name, new Date());
      return createConfirmedUser(trx, { ...input, role: 'SuperAdmin' });
    }),
  );
  return { club, superAdmin: { username: superAdmin.username, email: input.email } };
}

/** Ends a club's service: its hosts answer 401 (API) or 404, its jobs stop; no row is deleted. */
export async function disableClub(db: Kysely<Database>, host: string, now: Date): Promise<void> {
  const normal = normaliseHost(host);
  if (!(await disableClubRow(db, normal, now)))
    throw new ClubInputError(`No enabled club answers ${normal}.`);
}

/**
 * Undoes disableClub (docs/rules.md#several-clubs): its hosts answer again and its jobs resume, with the data
 * it kept. Sessions were never deleted, so a member whose app did not sign out meanwhile carries on.
 */
export async function enableClub(db: Kysely<Database>, host: string): Promise<void> {
  const normal = normaliseHost(host);
  if (!(await enableClubRow(db, normal))) throw new ClubInputError(`No disabled club answers ${normal}.`);
}
