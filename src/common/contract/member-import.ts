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
  // A licence export's rows (docs/rules.md#members-in-and-out): whose licence, and which licence.
  'member_not_found',
  'member_ambiguous',
  'member_not_editable',
  'licence_incomplete',
  'licence_type_unknown',
  'licence_date_invalid',
  'licence_season_invalid',
] as const;
export type ImportRowCode = (typeof IMPORT_ROW_CODES)[number];

/** Absent means a dry run: a preview writes nothing, so it is the safe default. */
export const memberImportQuerySchema = z.object({
  dry_run: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value === 'true'),
  /** A licence export's federation (« FFCK ») when the file has no federation column. */
  federation: z.string().trim().min(1).max(100).optional(),
});

/**
 * How a licence export's row found its member: its licence number already recorded (any season), the same
 * names and birth date (case and accents aside), the member's email, or a new account the row invites.
 */
export const LICENCE_MATCHES = ['number', 'name_birth_date', 'email', 'new'] as const;
export type LicenceMatch = (typeof LICENCE_MATCHES)[number];

/** The licence a row records (or would record); `unchanged` when the member already has exactly it. */
export const importLicenceSchema = z.object({
  season: z.string(),
  number: z.string(),
  federation: z.string(),
  type: z.string(),
  start: z.string().nullable(),
  end: z.string().nullable(),
  unchanged: z.boolean(),
});
export type ImportLicence = z.infer<typeof importLicenceSchema>;

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
  /** A licence export's row: how it found its member, who, and the licence it records. */
  match: z.enum(LICENCE_MATCHES).optional(),
  member: z
    .object({ username: z.string(), first_name: z.string().nullable(), last_name: z.string().nullable() })
    .optional(),
  licence: importLicenceSchema.optional(),
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
  /** A file with a licence number column is a federation's licence export (docs/rules.md#members-in-and-out). */
  licence_file: z.boolean().optional(),
  /** How many licences the call recorded: 0 for a dry run. */
  licences_recorded: z.number().int().optional(),
  /** The file's headers that look like health data, as written: never read, never stored. */
  ignored_columns: z.array(z.string()).optional(),
});
export type MemberImportResponse = z.infer<typeof memberImportResponseSchema>;
