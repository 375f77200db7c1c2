import { randomUUID } from 'node:crypto';
import type { MemberImportResponse } from '@common/contract/member-import';
import type { Kysely } from 'kysely';
import type { AppDeps } from '../../app-deps';
import { currentClub } from '../../db/club-scope/current-club';
import type { Database } from '../../db/schema';
import { notify } from '../notifications/notify';
import { insertAccountTokens } from './account-tokens.repository';
import { CONFIRM_TTL_MS } from './accounts.service';
import { readImportFile } from './member-import-file';
import { type ClubAccounts, type PlannedMember, planImport } from './member-import-plan';
import { hashToken, newToken } from './tokens';
import { findUsersByIds, insertUsers, listUsernamesAndEmails, lockMemberImports } from './users.repository';

type Db = Kysely<Database>;

/** Rows per insert statement: well under PostgreSQL's 65,535 bound parameters. */
const INSERT_CHUNK = 500;

async function clubAccounts(db: Db): Promise<ClubAccounts> {
  const rows = await listUsernamesAndEmails(db);
  return {
    usernames: new Set(rows.map((r) => r.username)),
    usernameByEmail: new Map(
      rows.flatMap((r) => (r.email === null ? [] : [[r.email.toLowerCase(), r.username]])),
    ),
  };
}

/**
 * `POST /api/user/import` (docs/rules.md#members-in-and-out), Admin only, checked by
 * the route. A dry run answers what each row would become and writes nothing. A real run, in the caller's
 * one transaction, plans again under a lock (so two admins importing the same file at once make each
 * member once: the second finds the first's members and answers `exists`), then creates every `new` row
 * as invited, with a confirmation link valid 7 days and the invitation mail, queued as bulk so a password
 * reset asked meanwhile still leaves first.
 */
export async function importMembers(
  deps: AppDeps,
  db: Db,
  text: string,
  isDryRun: boolean,
): Promise<MemberImportResponse> {
  const fileRows = readImportFile(text);
  // One club's imports queue behind each other, never behind another club's.
  if (!isDryRun) await lockMemberImports(db, currentClub().id);
  const { rows, members } = planImport(fileRows, await clubAccounts(db));
  if (isDryRun || members.length === 0) return { dry_run: isDryRun, created: 0, rows };
  const queued = await createInvited(deps, db, members);
  // Queued means the invitation type is on; with no SMTP server it only reaches the disk log.
  const mail = queued === 0 ? 'off' : deps.config.smtpUrl === undefined ? 'logged' : 'sent';
  return { dry_run: false, created: members.length, invitation_mail: mail, rows };
}

/** Creates the members, each with a confirmation link; answers how many invitations were queued. */
async function createInvited(deps: AppDeps, db: Db, members: PlannedMember[]): Promise<number> {
  const now = deps.now();
  const invited = members.map((m) => ({ member: m, id: randomUUID(), token: newToken() }));
  for (let i = 0; i < invited.length; i += INSERT_CHUNK) {
    const chunk = invited.slice(i, i + INSERT_CHUNK);
    await insertUsers(
      db,
      chunk.map(({ member, id }) => ({
        id,
        username: member.row.username,
        email: member.row.email,
        password_hash: null,
        role_name: 'User' as const,
        confirmed_at: null,
        locked_until: null,
        first_name: member.row.first_name,
        last_name: member.row.last_name,
        phone: member.phone,
        street: null,
        city: null,
        zip_code: null,
        shoe_size: null,
        created_at: now,
      })),
    );
    await insertAccountTokens(
      db,
      chunk.map(({ id, token }) => ({
        token_hash: hashToken(token),
        user_id: id,
        kind: 'confirm' as const,
        created_at: now,
        expires_at: new Date(now.getTime() + CONFIRM_TTL_MS),
        used_at: null,
      })),
    );
  }
  const users = await findUsersByIds(
    db,
    invited.map((i) => i.id),
  );
  const linkOf = new Map<string, string>(
    invited.map((i) => [i.id, `${currentClub().publicUrl}/confirm/${i.token}`]),
  );
  return notify(
    deps,
    db,
    'user_invitation',
    users,
    (user) => ({ username: user.username, link: linkOf.get(user.id) as string }),
    undefined,
    { isBulk: true },
  );
}
