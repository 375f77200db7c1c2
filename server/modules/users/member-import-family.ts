import { birthDateField } from '@common/contract/fields';
import { emailSchema } from '@common/contract/user';

// The member import's family columns (docs/rules.md#families): a birth date, and up to two guardians' addresses.

/** `jj/mm/aaaa` (a French spreadsheet) or `aaaa-mm-jj`, a real past date: the day, or null when the cell is empty. */
export function birthDateOf(cell: string): { ok: true; day: string | null } | { ok: false } {
  if (cell === '') return { ok: true, day: null };
  const french = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(cell);
  const iso = french
    ? `${french[3]}-${(french[2] ?? '').padStart(2, '0')}-${(french[1] ?? '').padStart(2, '0')}`
    : cell;
  const parsed = birthDateField.safeParse(iso);
  return parsed.success ? { ok: true, day: parsed.data } : { ok: false };
}

/** The guardians' addresses a row names (none, one or two), each checked; null when one is not an address. */
export function guardianEmailsOf(cells: {
  guardian_1_email: string;
  guardian_2_email: string;
}): string[] | null {
  const emails: string[] = [];
  for (const cell of [cells.guardian_1_email, cells.guardian_2_email]) {
    if (cell === '') continue;
    const email = emailSchema.safeParse(cell);
    if (!email.success) return null;
    if (!emails.includes(email.data)) emails.push(email.data);
  }
  return emails;
}

/** What makes two children one: the same names (case and accents aside) and birth date. */
export function childKey(firstName: string, lastName: string, birthDate: string): string {
  const clean = (name: string) =>
    name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
  return `${clean(firstName)}|${clean(lastName)}|${birthDate}`;
}
