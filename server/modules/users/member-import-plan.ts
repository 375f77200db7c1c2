import { phoneField } from '@common/contract/fields';
import { LIMITS } from '@common/contract/limits';
import type { ImportRow, ImportRowCode } from '@common/contract/member-import';
import { emailSchema, usernameSchema } from '@common/contract/user';
import type { FileRow } from './member-import-file';

/** The club's accounts as the plan needs them: every username, and each email's username. */
export interface ClubAccounts {
  usernames: ReadonlySet<string>;
  usernameByEmail: ReadonlyMap<string, string>;
}

/** A row that will be created, with the profile fields the file gave. */
export interface PlannedMember {
  row: ImportRow;
  phone: string | null;
}

const USERNAME_MAX = 32;

/** A username made from an email's local part: lowercase, no accents, only what a username may hold. */
function usernameBase(email: string): string {
  const local = email.split('@')[0] ?? '';
  const base = local
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '')
    .slice(0, USERNAME_MAX);
  return base.length >= 3 ? base : `${base}${'000'.slice(base.length)}`;
}

/** The base, else the base with the first free number (`jeanne`, `jeanne2`, …), kept within 32 characters. */
function freeUsername(base: string, taken: (name: string) => boolean): string {
  if (!taken(base)) return base;
  for (let n = 2; ; n++) {
    const suffix = String(n);
    const candidate = `${base.slice(0, USERNAME_MAX - suffix.length)}${suffix}`;
    if (!taken(candidate)) return candidate;
  }
}

/** Separators a spreadsheet's phone numbers carry (`06.12.34.56.78`, `(0)6-12`) become spaces. */
const phoneOf = (cell: string) => phoneField.safeParse(cell.replace(/[.\-/()]+/g, ' ').replace(/\s+/g, ' '));

const nameOf = (cell: string) => (cell === '' ? null : cell);

/**
 * What becomes of each row, in the file's order (docs/rules.md#members-in-and-out): an email already a
 * member's (case aside) `exists` and changes nothing; an email seen on an earlier row is a
 * `duplicate_in_file`; a username given that another account or an earlier row holds is `username_taken`,
 * while one made from the email takes the first free number instead. Cells are kept as text: a formula
 * (`=HYPERLINK(…)`) stays the characters typed, and the CSV exports neutralise it.
 */
export function planImport(
  rows: FileRow[],
  club: ClubAccounts,
): { rows: ImportRow[]; members: PlannedMember[] } {
  const emailsInFile = new Set<string>();
  const usernamesInFile = new Set<string>();
  const isTaken = (name: string) => club.usernames.has(name) || usernamesInFile.has(name);
  const members: PlannedMember[] = [];

  const planned = rows.map(({ line, cells }): ImportRow => {
    const first_name = nameOf(cells.first_name);
    const last_name = nameOf(cells.last_name);
    const base = { line, email: cells.email, username: cells.username, first_name, last_name };
    const refused = (code: ImportRowCode): ImportRow => ({ ...base, status: 'error', code });

    if (cells.email === '') return refused('email_missing');
    const email = emailSchema.safeParse(cells.email);
    if (!email.success) return refused('email_invalid');
    const existing = club.usernameByEmail.get(email.data);
    if (existing !== undefined) return { ...base, email: email.data, username: existing, status: 'exists' };
    if (emailsInFile.has(email.data)) return { ...refused('duplicate_in_file'), email: email.data };
    emailsInFile.add(email.data);

    let username: string;
    if (cells.username === '') username = freeUsername(usernameBase(email.data), isTaken);
    else {
      const given = usernameSchema.safeParse(cells.username);
      if (!given.success) return { ...refused('username_invalid'), email: email.data };
      if (isTaken(given.data))
        return { ...refused('username_taken'), email: email.data, username: given.data };
      username = given.data;
    }
    const row = { ...base, email: email.data, username };
    if ((first_name?.length ?? 0) > LIMITS.nameMax || (last_name?.length ?? 0) > LIMITS.nameMax)
      return { ...row, status: 'error', code: 'name_too_long' };
    const phone = phoneOf(cells.phone);
    if (!phone.success) return { ...row, status: 'error', code: 'phone_invalid' };

    usernamesInFile.add(username);
    const member = { ...row, status: 'new' as const };
    members.push({ row: member, phone: phone.data });
    return member;
  });
  return { rows: planned, members };
}
