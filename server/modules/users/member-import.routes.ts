import {
  MEMBER_IMPORT_MAX_BYTES,
  MEMBER_IMPORT_PATH,
  type MemberImportResponse,
  memberImportQuerySchema,
  memberImportResponseSchema,
} from '@common/contract/member-import';
import { mayImportMembers } from '@common/rules/users';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import type { Database, UserRow } from '../../db/schema';
import { HttpError } from '../../http-error';
import { authOf } from '../../plugins/auth';
import { errorAnswers } from '../../plugins/error-answers';
import { runWrite } from '../../writes/run-write';
import { decodeCsv } from './member-import-file';

/**
 * The spreadsheet import (docs/rules.md#members-in-and-out), in its own scope: only this route reads `text/csv`
 * bodies, decoded to text (UTF-8 or Windows-1252) as they are parsed, at most 1 MiB (413 `too_large` beyond).
 */
/** Reads the file and imports it: members, or a federation's licences (runImport, member-file/member-import-run.ts). */
export type ImportRunner = (
  deps: AppDeps,
  db: Kysely<Database>,
  text: string,
  options: { isDryRun: boolean; actor: UserRow; federation: string | undefined },
) => Promise<MemberImportResponse>;

export function memberImportRoutes(deps: AppDeps, runImport: ImportRunner) {
  return async (scope: FastifyInstance): Promise<void> => {
    scope.addContentTypeParser(
      'text/csv',
      { parseAs: 'buffer', bodyLimit: MEMBER_IMPORT_MAX_BYTES },
      (_request, body, done) => {
        try {
          done(null, decodeCsv(body as Buffer));
        } catch (error) {
          done(error as Error, undefined);
        }
      },
    );
    const routes = scope.withTypeProvider<ZodTypeProvider>();
    routes.post(
      MEMBER_IMPORT_PATH,
      {
        bodyLimit: MEMBER_IMPORT_MAX_BYTES,
        schema: {
          consumes: ['text/csv'],
          querystring: memberImportQuerySchema,
          body: z
            .string()
            .describe('The spreadsheet as CSV: a header line naming the columns, then one member a line.'),
          response: { ...errorAnswers(400, 403, 413), 200: memberImportResponseSchema },
          description:
            'Admin only. Columns by header, French or English names, any order: email (required), username ' +
            '(made from the email when missing), first name, last name, phone, birth date (`jj/mm/aaaa` or ' +
            "`aaaa-mm-jj`), up to two guardians' emails: a row with none of its own but a guardian's is a child " +
            'without a login, each guardian linked or invited. Separator `,` or `;`; UTF-8 ' +
            '(with or without BOM) or Windows-1252. At most 2,000 rows and 1 MiB. `dry_run=true` (the ' +
            'default) answers what each row would become and writes nothing; `dry_run=false` creates every ' +
            '`new` row as invited, all or none, and mails the invitations. A file with a licence number column is ' +
            "a federation's licence export: licence number, type, first and last days, season (else read from " +
            'the first day) and federation (else the `federation` query field); each row is matched on the ' +
            'licence number recorded in any season, then on names and birth date, then on the email; a row ' +
            'matching nobody is invited when it has an email, else `member_not_found`; two members matched is ' +
            '`member_ambiguous`. Each licence is recorded as `PUT /api/user/{id}/licence` does. Columns that ' +
            'look like health data are never read and are named in `ignored_columns`.',
        },
      },
      (request) => {
        const actor = authOf(request).user;
        if (!mayImportMembers(actor)) throw new HttpError(403, 'forbidden');
        const { dry_run: isDryRun, federation } = request.query;
        const options = { isDryRun, actor, federation };
        return isDryRun
          ? runImport(deps, deps.db, request.body, options)
          : runWrite(deps, (trx) => runImport(deps, trx, request.body, options));
      },
    );
  };
}
