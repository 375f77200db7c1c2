import { z } from './zod';

/** `POST /api/user/import` (docs/rules.md#members-in-and-out): the file's limits. */
export const MEMBER_IMPORT_MAX_ROWS = 2000;
export const MEMBER_IMPORT_MAX_BYTES = 1024 * 1024;
export const MEMBER_IMPORT_PATH = '/api/user/import';

/** Why a row cannot come in; each is an i18n key under `memberImport.codes.`. */
export const IMPORT_ROW_CODES = [
  'email_missing',
  'email_invalid',
  'username_invalid',
  'username_taken',
  'duplicate_in_file',
  'name_too_long',
  'phone_invalid',
  'birth_date_invalid',
  'guardian_email_invalid',
  'guardian_loop',
  'child_name_missing',
] as const;
export type ImportRowCode = (typeof IMPORT_ROW_CODES)[number];

/** Absent means a dry run: a preview writes nothing, so it is the safe default. */
export const memberImportQuerySchema = z.object({
  dry_run: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value === 'true'),
});

/**
 * One data row of the file and what becomes (or would become) of it: `new` (invited), `exists` (the email is
 * already a member's, case aside: nothing changes) or `error` with its `code`. `line` is the file's line
 * number, the header being line 1.
 */
export const importRowSchema = z.object({
  line: z.number().int(),
  email: z.string(),
  username: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  status: z.enum(['new', 'exists', 'error']),
  code: z.enum(IMPORT_ROW_CODES).optional(),
  /** A row with no email of its own but a guardian's: a child without a login (docs/rules.md#families). */
  is_child: z.boolean().optional(),
  /** The guardians' addresses the row names, each linked (or invited first). */
  guardian_emails: z.array(z.string()).optional(),
});
export type ImportRow = z.infer<typeof importRowSchema>;

export const memberImportResponseSchema = z.object({
  dry_run: z.boolean(),
  /** How many members the call created: 0 for a dry run. */
  created: z.number().int(),
  /**
   * What became of the invitations, as for one invitation: `sent` (queued for the SMTP server), `logged`
   * (no SMTP server: the server's mail log only) or `off` (invitation mails switched off). Absent when
   * nothing was created.
   */
  invitation_mail: z.enum(['sent', 'logged', 'off']).optional(),
  rows: z.array(importRowSchema),
});
export type MemberImportResponse = z.infer<typeof memberImportResponseSchema>;
