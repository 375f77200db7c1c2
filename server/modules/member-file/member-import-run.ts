import type { MemberImportResponse } from '@common/contract/member-import';
import type { Kysely } from 'kysely';
import type { AppDeps } from '../../app-deps';
import { currentClub } from '../../db/club-scope/current-club';
import type { Database, UserRow } from '../../db/schema';
import { importMembers } from '../users/member-import.service';
import { readImportFile } from '../users/member-import-file';
import { lockMemberImports } from '../users/users.repository';
import { importLicences } from './licence-import.service';

/**
 * `POST /api/user/import` (docs/rules.md#members-in-and-out): reads the file, then imports members, or a
 * federation's licences when the file has a licence number column. A real run holds the club's import lock:
 * one club's imports queue behind each other, never behind another club's. Here, beside the member's file it
 * writes, and handed to the route by the app, so the users module does not depend on the member's file.
 */
export async function runImport(
  deps: AppDeps,
  db: Kysely<Database>,
  text: string,
  options: { isDryRun: boolean; actor: UserRow; federation: string | undefined },
): Promise<MemberImportResponse> {
  const file = readImportFile(text);
  if (!options.isDryRun) await lockMemberImports(db, currentClub().id);
  if (file.isLicenceFile) return importLicences(deps, db, file, options);
  const answer = await importMembers(
    deps,
    db,
    file.rows,
    options.isDryRun,
    options.isDryRun ? null : options.actor.id,
  );
  return file.ignoredColumns.length > 0 ? { ...answer, ignored_columns: file.ignoredColumns } : answer;
}
