import { phoneField } from '@common/contract/fields';
import { LIMITS } from '@common/contract/limits';
import type { ImportRow, ImportRowCode } from '@common/contract/member-import';
import { emailSchema, usernameSchema } from '@common/contract/user';
import { isMinorOn } from '@common/rules/family';
import { usernameStem } from './child-username';
import { birthDateOf, childKey, guardianEmailsOf } from './member-import-family';
import type { FileRow } from './member-import-file';

/** The club's accounts as the plan needs them: every username, each email's username, and families. */
export interface ClubAccounts {
  usernames: ReadonlySet<string>;
  usernameByEmail: ReadonlyMap<string, string>;
  /** The addresses of members who have guardians: they guard nobody (docs/rules.md#families). */
  guardedEmails: ReadonlySet<string>;
  /** Members by `childKey` (names and birth date): a child already there is not made twice. */
  usernameByChildKey: ReadonlyMap<string, string>;
}

/** A row that will be created, with the profile fields the file gave and the guardians it names. */
export interface PlannedMember {
  row: ImportRow;
  phone: string | null;
  birthDate: string | null;
  guardianEmails: string[];
}

const USERNAME_MAX = 32;

/** A username made from an email's local part: lowercase, no accents, only what a username may hold. */
export function usernameBase(email: string): string {
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
export function freeUsername(base: string, taken: (name: string) => boolean): string {
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
 * (`=HYPERLINK(…)`) stays the characters typed, and the CSV exports neutralise it. A row with no email but a
 * guardian's is a child without a login (docs/rules.md#families): it needs its names and a minor's birth date,
 * is named from its names, and `exists` when a member has the same names and birth date; one level only
 * (`guardian_loop`: a guardian who has guardians, or a row both guarded and guarding).
 */
export function planImport(
  rows: FileRow[],
  club: ClubAccounts,
  today: string,
): { rows: ImportRow[]; members: PlannedMember[] } {
  const emailsInFile = new Set<string>();
  const usernamesInFile = new Set<string>();
  const childrenInFile = new Set<string>();
  const isTaken = (name: string) => club.usernames.has(name) || usernamesInFile.has(name);
  const members: PlannedMember[] = [];
  // One level: whoever a row names as guardian may not be guarded, here or in the club.
  const guardians = rows.map(({ cells }) => guardianEmailsOf(cells) ?? []);
  const guardedInFile = new Set(
    rows.flatMap(({ cells }, i) => ((guardians[i]?.length ?? 0) > 0 ? [cells.email.toLowerCase()] : [])),
  );
  const guardingInFile = new Set(guardians.flat());
  const isLoop = (own: string, named: string[]) =>
    named.some((email) => email === own || club.guardedEmails.has(email) || guardedInFile.has(email)) ||
    (named.length > 0 && guardingInFile.has(own));

  const planned = rows.map(({ line, cells }): ImportRow => {
    const first_name = nameOf(cells.first_name);
    const last_name = nameOf(cells.last_name);
    const base = { line, email: cells.email, username: cells.username, first_name, last_name };
    const refused = (code: ImportRowCode): ImportRow => ({ ...base, status: 'error', code });
    const birth = birthDateOf(cells.birth_date);
    const named = guardianEmailsOf(cells);

    if (cells.email === '') {
      if (named === null) return refused('guardian_email_invalid');
      if (named.length === 0) return refused('email_missing');
      const child = { ...base, is_child: true, guardian_emails: named };
      const error = (code: ImportRowCode): ImportRow => ({ ...child, status: 'error', code });
      if (!first_name || !last_name) return error('child_name_missing');
      if (!birth.ok || birth.day === null || !isMinorOn(birth.day, today)) return error('birth_date_invalid');
      if (isLoop('', named)) return error('guardian_loop');
      const key = childKey(first_name, last_name, birth.day);
      const existing = club.usernameByChildKey.get(key);
      if (existing !== undefined) return { ...child, username: existing, status: 'exists' };
      if (childrenInFile.has(key)) return error('duplicate_in_file');
      if (first_name.length > LIMITS.nameMax || last_name.length > LIMITS.nameMax)
        return error('name_too_long');
      childrenInFile.add(key);
      const username = freeUsername(usernameStem(first_name, last_name), isTaken);
      usernamesInFile.add(username);
      const member = { ...child, username, status: 'new' as const };
      members.push({ row: member, phone: null, birthDate: birth.day, guardianEmails: named });
      return member;
    }

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
    if (!birth.ok) return { ...row, status: 'error', code: 'birth_date_invalid' };
    if (named === null) return { ...row, status: 'error', code: 'guardian_email_invalid' };
    if (isLoop(email.data, named)) return { ...row, status: 'error', code: 'guardian_loop' };

    usernamesInFile.add(username);
    const member = {
      ...row,
      status: 'new' as const,
      ...(named.length > 0 ? { guardian_emails: named } : {}),
    };
    members.push({ row: member, phone: phone.data, birthDate: birth.day, guardianEmails: named });
    return member;
  });
  return { rows: planned, members };
}
