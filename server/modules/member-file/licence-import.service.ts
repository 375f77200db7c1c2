import type { ImportRow, MemberImportResponse } from '@common/contract/member-import';
import { clubDayOf } from '@common/rules/club-time';
import type { Kysely } from 'kysely';
import type { AppDeps } from '../../app-deps';
import { currentClub } from '../../db/club-scope/current-club';
import type { Database, UserRow } from '../../db/schema';
import { memberFileSettings } from '../settings/member-file-settings';
import { membersToMatch, recordedLicences } from '../users/licence-import.repository';
import { type ImportMember, type LicenceRowPlan, planLicences } from '../users/licence-import-plan';
import { clubAccounts, createMembers } from '../users/member-import.service';
import type { FileRow, ImportFile } from '../users/member-import-file';
import { planImport } from '../users/member-import-plan';
import { recordLicence } from './member-file.service';

type Db = Kysely<Database>;

const nameOf = (cell: string) => (cell === '' ? null : cell);

/** A row that found no member may still become one: it has an email, or names a guardian (a child). */
const mayBecomeMember = ({ cells }: FileRow) =>
  cells.email !== '' || cells.guardian_1_email !== '' || cells.guardian_2_email !== '';

/** The preview's row: the account side (the import's own rules for a row without a member) and the licence. */
function rowOf(fileRow: FileRow, plan: LicenceRowPlan, accountRow: ImportRow | undefined): ImportRow {
  const { line, cells } = fileRow;
  const base = {
    line,
    email: cells.email,
    username: '',
    first_name: nameOf(cells.first_name),
    last_name: nameOf(cells.last_name),
  };
  const who = (member: ImportMember | undefined) =>
    member
      ? {
          username: member.username,
          member: { username: member.username, first_name: member.first_name, last_name: member.last_name },
        }
      : {};
  switch (plan.kind) {
    case 'matched':
      return { ...base, ...who(plan.member), status: 'exists', match: plan.match, licence: plan.licence };
    case 'error':
      return {
        ...base,
        ...who(plan.member),
        status: 'error',
        code: plan.code,
        ...(plan.match ? { match: plan.match } : {}),
      };
    case 'unmatched':
      if (!accountRow) return { ...base, status: 'error', code: 'member_not_found', licence: plan.licence };
      return accountRow.status === 'new'
        ? { ...accountRow, match: 'new', licence: plan.licence }
        : accountRow;
  }
}

/**
 * `POST /api/user/import` for a federation's licence export (docs/rules.md#members-in-and-out), in the
 * caller's transaction and, for a real run, under the club's import lock. Each row finds its member
 * (planLicences); a row that finds nobody follows the import's own rules when it has an email or names a
 * guardian (a new account, invited, then given its licence), else is `member_not_found`. A real run records
 * each licence through recordLicence, as `PUT /api/user/{id}/licence` does (recorded by the importing
 * Admin, with the export's own days), and leaves an `unchanged` one alone, so importing a file twice
 * records nothing the second time. Health columns were never read (readImportFile).
 */
export async function importLicences(
  deps: AppDeps,
  db: Db,
  file: ImportFile,
  options: { isDryRun: boolean; actor: UserRow; federation: string | undefined },
): Promise<MemberImportResponse> {
  const { isDryRun, actor, federation } = options;
  const [members, licences, settings, club] = await Promise.all([
    membersToMatch(db),
    recordedLicences(db),
    memberFileSettings(db),
    clubAccounts(db),
  ]);
  const plans = planLicences(file.rows, { members, licences, settings, federation, actor });
  const toAccounts = file.rows.filter((row, i) => plans[i]?.kind === 'unmatched' && mayBecomeMember(row));
  const accounts = planImport(toAccounts, club, clubDayOf(deps.now(), currentClub().timezone));
  const accountRows = new Map(accounts.rows.map((row) => [row.line, row]));
  const rows = file.rows.map((fileRow, i) =>
    rowOf(fileRow, plans[i] as LicenceRowPlan, accountRows.get(fileRow.line)),
  );
  const answer = { licence_file: true, ignored_columns: file.ignoredColumns, rows };
  if (isDryRun) return { dry_run: true, created: 0, licences_recorded: 0, ...answer };

  const made =
    accounts.members.length > 0 ? await createMembers(deps, db, accounts.members, club, actor.id) : undefined;
  const idByUsername = new Map(members.map((m) => [m.username, m.id]));
  let recorded = 0;
  for (const row of rows) {
    if (row.status === 'error' || !row.licence || row.licence.unchanged) continue;
    const id = made?.idByUsername.get(row.username) ?? idByUsername.get(row.username);
    if (id === undefined) continue;
    const { season, number, federation: licenceFederation, type, start, end } = row.licence;
    await recordLicence(
      deps,
      db,
      actor,
      id,
      { season, number, federation: licenceFederation, type },
      { start, end },
    );
    recorded += 1;
  }
  return {
    dry_run: false,
    created: made?.created ?? 0,
    ...(made ? { invitation_mail: made.mail } : {}),
    licences_recorded: recorded,
    ...answer,
  };
}
