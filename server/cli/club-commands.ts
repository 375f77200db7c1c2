import type { Kysely } from 'kysely';
import type { Config } from '../config';
import { clubRegistry } from '../db/club-scope/club-registry';
import type { Club } from '../db/club-scope/current-club';
import type { Database } from '../db/schema';
import { exportClub } from '../modules/clubs/club-export';
import {
  ClubInputError,
  createClub,
  disableClub,
  enableClub,
  normaliseHost,
} from '../modules/clubs/create-club';

export interface ClubOptions {
  name?: string | undefined;
  host?: string | undefined;
  timezone?: string | undefined;
  username?: string | undefined;
  email?: string | undefined;
  password?: string | undefined;
  out?: string | undefined;
}

/** The club `--host` names, or the first club when none is given (a deployment with one club). */
export async function chosenClub(
  db: Kysely<Database>,
  config: Config,
  host: string | undefined,
): Promise<Club> {
  const clubs = await clubRegistry(db, config).all();
  const club = host ? clubs.find((c) => c.host === normaliseHost(host)) : clubs[0];
  if (!club)
    throw new ClubInputError(host ? `No club answers ${host}: see npm run list-clubs.` : 'No club yet.');
  return club;
}

export async function createClubCommand(
  db: Kysely<Database>,
  config: Config,
  o: ClubOptions,
): Promise<string[]> {
  if (!o.name || !o.host || !o.username || !o.email || !o.password)
    throw new ClubInputError('--name, --host, --username, --email and --password are required.');
  const { club, superAdmin } = await createClub(db, config, {
    name: o.name,
    host: o.host,
    timezone: o.timezone ?? 'Europe/Paris',
    username: o.username,
    email: o.email,
    password: o.password,
  });
  return [
    `Created club ${club.id} "${club.name}" on ${club.host} (${club.timezone}), files in DATA_DIR/${club.key}.`,
    `Its SuperAdmin "${superAdmin.username}" <${superAdmin.email}> signs in at ${club.publicUrl}/login`,
    `Point ${club.host} at this server (DNS) and pass the Host header through the reverse proxy: see the README.`,
  ];
}

export async function listClubsCommand(db: Kysely<Database>, config: Config): Promise<string[]> {
  const clubs = await clubRegistry(db, config).all();
  return clubs.map(
    (club, index) =>
      `${club.id}\t${club.host ?? '(every other host)'}\t${club.name || '(from the settings)'}\t${club.timezone}` +
      `\t${club.disabled ? 'disabled' : 'enabled'}${index === 0 ? '\tfirst club' : ''}`,
  );
}

export async function disableClubCommand(db: Kysely<Database>, o: ClubOptions): Promise<string[]> {
  if (!o.host) throw new ClubInputError('--host is required.');
  await disableClub(db, o.host, new Date());
  return [`Disabled the club on ${normaliseHost(o.host)}: its members are signed out, its data stays.`];
}

export async function enableClubCommand(db: Kysely<Database>, o: ClubOptions): Promise<string[]> {
  if (!o.host) throw new ClubInputError('--host is required.');
  await enableClub(db, o.host);
  return [`Enabled the club on ${normaliseHost(o.host)}: it answers again, with the data it kept.`];
}

export async function exportClubCommand(
  db: Kysely<Database>,
  config: Config,
  o: ClubOptions,
): Promise<string[]> {
  if (!o.out) throw new ClubInputError('--out FILE is required.');
  const club = await chosenClub(db, config, o.host);
  const summary = await exportClub(db, config, club, o.out);
  return [
    `Exported club ${club.id} (${club.host ?? 'first club'}) to ${o.out}: ${summary.rows} rows in ${summary.tables} tables, ` +
      `${summary.files} files, ${summary.bytes} bytes.`,
  ];
}
