import { randomUUID } from 'node:crypto';
import type { MemberImportResponse } from '@common/contract/member-import';
import { clubDayOf } from '@common/rules/club-time';
import type { Kysely } from 'kysely';
import type { AppDeps } from '../../app-deps';
import { currentClub } from '../../db/club-scope/current-club';
import type { Database } from '../../db/schema';
import { fullName } from '../../mail/display-name';
import { notify } from '../notifications/notify';
import { insertAccountTokens } from './account-tokens.repository';
import { CONFIRM_TTL_MS } from './accounts.service';
import { insertGuardianLinks } from './guardian-links.repository';
import { childKey } from './member-import-family';
import type { FileRow } from './member-import-file';
import {
  type ClubAccounts,
  freeUsername,
  type PlannedMember,
  planImport,
  usernameBase,
} from './member-import-plan';
import { hashToken, newToken } from './tokens';
import { findUserById, findUsersByIds, insertUsers, listImportFacts } from './users.repository';

type Db = Kysely<Database>;

/** Rows per insert statement: well under PostgreSQL's 65,535 bound parameters. */
const INSERT_CHUNK = 500;

/** The club's accounts as the plan reads them, and each address's account id (for the guardian links). */
export type ClubAccountsWithIds = ClubAccounts & { idByEmail: ReadonlyMap<string, string> };

export async function clubAccounts(db: Db): Promise<ClubAccountsWithIds> {
  const rows = await listImportFacts(db);
  const withEmail = rows.flatMap((r) => (r.email === null ? [] : [{ ...r, email: r.email.toLowerCase() }]));
  return {
    usernames: new Set(rows.map((r) => r.username)),
    usernameByEmail: new Map(withEmail.map((r) => [r.email, r.username])),
    idByEmail: new Map(withEmail.map((r) => [r.email, r.id])),
    guardedEmails: new Set(withEmail.filter((r) => r.is_guarded).map((r) => r.email)),
    usernameByChildKey: new Map(
      rows.flatMap((r) =>
        r.first_name && r.last_name && r.birth_date
          ? [[childKey(r.first_name, r.last_name, r.birth_date), r.username]]
          : [],
      ),
    ),
  };
}

/**
 * `POST /api/user/import` (docs/rules.md#members-in-and-out), Admin only, checked by the route, for a file of
 * members. A dry run answers what each row would become and writes nothing. A real run, in the caller's
 * one transaction and under the club's import lock (member-import-run.ts), plans again (so two admins
 * importing the same file at once make each member once: the second finds the first's members and answers
 * `exists`), then creates every `new` row as invited (createMembers).
 */
export async function importMembers(
  deps: AppDeps,
  db: Db,
  fileRows: FileRow[],
  isDryRun: boolean,
  actorId: string | null = null,
): Promise<MemberImportResponse> {
  const club = await clubAccounts(db);
  const today = clubDayOf(deps.now(), currentClub().timezone);
  const { rows, members } = planImport(fileRows, club, today);
  if (isDryRun || members.length === 0) return { dry_run: isDryRun, created: 0, rows };
  const made = await createMembers(deps, db, members, club, actorId);
  return { dry_run: false, created: made.created, invitation_mail: made.mail, rows };
}

/**
 * Creates the planned members and the guardians they name as invited, with a confirmation link valid 7 days
 * and the invitation mail, queued as bulk so a password reset asked meanwhile still leaves first. Answers how
 * many accounts were made, what became of the mails, and each new account's id by username.
 */
export async function createMembers(
  deps: AppDeps,
  db: Db,
  members: PlannedMember[],
  club: ClubAccountsWithIds,
  actorId: string | null,
): Promise<{ created: number; mail: 'sent' | 'logged' | 'off'; idByUsername: ReadonlyMap<string, string> }> {
  const guardians = guardiansToInvite(members, club);
  const invited = [...members, ...guardians];
  const ids = await createInvited(deps, db, invited);
  await linkGuardians(deps, db, members, ids, club.idByEmail, actorId);
  const inviter = actorId ? await findUserById(db, actorId) : undefined;
  const queued = await inviteByMail(deps, db, ids, inviter ? fullName(inviter) : null);
  // Queued means the invitation type is on; with no SMTP server it only reaches the disk log.
  const mail = queued === 0 ? 'off' : deps.config.smtpUrl === undefined ? 'logged' : 'sent';
  return { created: invited.length, mail, idByUsername: ids.idByUsername };
}

/**
 * The guardians a file names who are neither members nor rows of the file: each is invited as a new account
 * (named from the address), as `POST /api/user/{id}/guardians` would invite them.
 */
function guardiansToInvite(members: PlannedMember[], club: ClubAccountsWithIds): PlannedMember[] {
  const inFile = new Set(members.map((m) => m.row.email));
  const taken = new Set([...club.usernames, ...members.map((m) => m.row.username)]);
  const invited: PlannedMember[] = [];
  for (const email of new Set(members.flatMap((m) => m.guardianEmails))) {
    if (club.idByEmail.has(email) || inFile.has(email)) continue;
    const username = freeUsername(usernameBase(email), (name) => taken.has(name));
    taken.add(username);
    const row = { line: 0, email, username, first_name: null, last_name: null, status: 'new' as const };
    invited.push({ row, phone: null, birthDate: null, guardianEmails: [] });
  }
  return invited;
}

/** Each row's guardians linked (docs/rules.md#families), by the Admin who imported. */
async function linkGuardians(
  deps: AppDeps,
  db: Db,
  members: PlannedMember[],
  ids: CreatedMembers,
  idByEmail: ReadonlyMap<string, string>,
  actorId: string | null,
): Promise<void> {
  const idOf = (email: string) => idByEmail.get(email) ?? ids.idByEmail.get(email);
  const at = deps.now();
  await insertGuardianLinks(
    db,
    members.flatMap((member) => {
      const childId = ids.idByUsername.get(member.row.username);
      return member.guardianEmails.flatMap((email) => {
        const guardianId = idOf(email);
        return childId && guardianId ? [{ childId, guardianId, createdBy: actorId, at }] : [];
      });
    }),
  );
}

/** The accounts an import made, by username and by address, and each invitation's link. */
interface CreatedMembers {
  idByUsername: Map<string, string>;
  idByEmail: Map<string, string>;
  linkOf: Map<string, string>;
}

/** Creates the members, each with an address a confirmation link (a child without a login has neither). */
async function createInvited(deps: AppDeps, db: Db, members: PlannedMember[]): Promise<CreatedMembers> {
  const now = deps.now();
  const invited = members.map((m) => ({ member: m, id: randomUUID(), token: newToken() }));
  const hasAddress = (m: PlannedMember) => m.row.email !== '';
  for (let i = 0; i < invited.length; i += INSERT_CHUNK) {
    const chunk = invited.slice(i, i + INSERT_CHUNK);
    await insertUsers(
      db,
      chunk.map(({ member, id }) => ({
        id,
        username: member.row.username,
        email: hasAddress(member) ? member.row.email : null,
        password_hash: null,
        role_name: 'User' as const,
        confirmed_at: null,
        locked_until: null,
        first_name: member.row.first_name,
        last_name: member.row.last_name,
        phone: member.phone,
        birth_date: member.birthDate,
        street: null,
        city: null,
        zip_code: null,
        shoe_size: null,
        created_at: now,
      })),
    );
    const withAddress = chunk.filter(({ member }) => hasAddress(member));
    if (withAddress.length === 0) continue;
    await insertAccountTokens(
      db,
      withAddress.map(({ id, token }) => ({
        token_hash: hashToken(token),
        user_id: id,
        kind: 'confirm' as const,
        created_at: now,
        expires_at: new Date(now.getTime() + CONFIRM_TTL_MS),
        used_at: null,
      })),
    );
  }
  return {
    idByUsername: new Map(invited.map((i) => [i.member.row.username, i.id])),
    idByEmail: new Map(invited.filter((i) => hasAddress(i.member)).map((i) => [i.member.row.email, i.id])),
    linkOf: new Map(
      invited
        .filter((i) => hasAddress(i.member))
        .map((i) => [i.id, `${currentClub().publicUrl}/confirm/${i.token}`]),
    ),
  };
}

/** The invitation mail to each new account with an address, naming who imported them; answers how many were queued. */
async function inviteByMail(
  deps: AppDeps,
  db: Db,
  created: CreatedMembers,
  byWhom: string | null,
): Promise<number> {
  const users = await findUsersByIds(db, [...created.linkOf.keys()]);
  if (users.length === 0) return 0;
  return notify(
    deps,
    db,
    'user_invitation',
    users,
    (user) => ({ username: user.username, link: created.linkOf.get(user.id) as string, byWhom }),
    undefined,
    { isBulk: true },
  );
}
