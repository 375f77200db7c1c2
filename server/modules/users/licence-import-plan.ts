import { clubDayField } from '@common/contract/fields';
import type { MemberFileSettings } from '@common/contract/member-file';
import { seasonField } from '@common/contract/member-file';
import type { ImportLicence, ImportRowCode, LicenceMatch } from '@common/contract/member-import';
import { seasonOf } from '@common/rules/member-file-days';
import { type Account, mayEditProfile } from '@common/rules/users';
import { birthDateOf, childKey } from './member-import-family';
import type { FileRow } from './member-import-file';

// What a federation's licence export does to each member (docs/rules.md#members-in-and-out), without I/O.

/** A club member as the licence import matches them. */
export interface ImportMember extends Account {
  username: string;
  email: string | null;
  first_name: string | null;
  last_name: string | null;
  birth_date: string | null;
}

/** A licence already recorded, as the matching (its number) and the `unchanged` test read it. */
export interface KnownLicence {
  user_id: string;
  season: string;
  number: string;
  federation: string;
  type: string;
  start_day: string | null;
  end_day: string | null;
}

export interface LicenceImportFacts {
  members: readonly ImportMember[];
  licences: readonly KnownLicence[];
  settings: Pick<MemberFileSettings, 'season_start' | 'licence_types'>;
  /** The federation the Admin named for a file without a federation column. */
  federation: string | undefined;
  actor: Account;
}

/**
 * One row's fate: its member found (and how) with the licence to record; no member, so the row goes to the
 * import's account rules (a row with an email is invited as before, then gets its licence); or an error.
 */
export type LicenceRowPlan =
  | { kind: 'matched'; match: Exclude<LicenceMatch, 'new'>; member: ImportMember; licence: ImportLicence }
  | { kind: 'unmatched'; licence: ImportLicence }
  | { kind: 'error'; code: ImportRowCode; match?: Exclude<LicenceMatch, 'new'>; member?: ImportMember };

const clean = (text: string) =>
  text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();

/** `jj/mm/aaaa` or `aaaa-mm-jj`, a real day: the day, null when empty, undefined when unreadable. */
export function licenceDayOf(cell: string): string | null | undefined {
  if (cell === '') return null;
  const french = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(cell);
  const iso = french
    ? `${french[3]}-${(french[2] ?? '').padStart(2, '0')}-${(french[1] ?? '').padStart(2, '0')}`
    : cell;
  const parsed = clubDayField.safeParse(iso);
  return parsed.success ? parsed.data : undefined;
}

/** « 2025-2026 », « 2025/2026 » or « 2025 - 2026 »: the season, undefined when unreadable. */
export function seasonCellOf(cell: string): string | undefined {
  const parts = /^(\d{4})\s*[-/]\s*(\d{4})$/.exec(cell);
  const season = parts ? `${parts[1]}-${parts[2]}` : cell;
  const parsed = seasonField.safeParse(season);
  return parsed.success ? parsed.data : undefined;
}

type LicenceOrCode = { licence: Omit<ImportLicence, 'unchanged'> } | { code: ImportRowCode };

/** The licence a row gives, or why it gives none. */
function licenceOf(cells: FileRow['cells'], facts: LicenceImportFacts): LicenceOrCode {
  const number = cells.licence_number;
  const federation = cells.federation || facts.federation || '';
  const given = cells.licence_type;
  if (number === '' || number.length > 40 || federation.length === 0 || federation.length > 100)
    return { code: 'licence_incomplete' };
  if (given === '' || given.length > 60) return { code: 'licence_incomplete' };
  const types = facts.settings.licence_types;
  // The club's own spelling of a type it names, case and accents aside.
  const type = types.length === 0 ? given : types.find((t) => clean(t.name) === clean(given))?.name;
  if (type === undefined) return { code: 'licence_type_unknown' };
  const start = licenceDayOf(cells.licence_start);
  const end = licenceDayOf(cells.licence_end);
  if (start === undefined || end === undefined || (start && end && start > end))
    return { code: 'licence_date_invalid' };
  const season =
    cells.season !== ''
      ? seasonCellOf(cells.season)
      : start
        ? seasonOf(start, facts.settings.season_start)
        : undefined;
  if (season === undefined) return { code: 'licence_season_invalid' };
  return { licence: { season, number, federation, type, start, end } };
}

type Found = { match: Exclude<LicenceMatch, 'new'>; members: ImportMember[] } | null;

/** Who the row names: by licence number, else by names and birth date, else by email; null for nobody. */
function memberOf(cells: FileRow['cells'], index: MemberIndex): Found {
  const byNumber = index.byNumber.get(cells.licence_number.toUpperCase()) ?? [];
  if (byNumber.length > 0) return { match: 'number', members: byNumber };
  const birth = birthDateOf(cells.birth_date);
  if (cells.first_name && cells.last_name && birth.ok && birth.day) {
    const byName = index.byKey.get(childKey(cells.first_name, cells.last_name, birth.day)) ?? [];
    if (byName.length > 0) return { match: 'name_birth_date', members: byName };
  }
  const byEmail = cells.email === '' ? undefined : index.byEmail.get(cells.email.toLowerCase());
  return byEmail ? { match: 'email', members: [byEmail] } : null;
}

interface MemberIndex {
  byNumber: Map<string, ImportMember[]>;
  byKey: Map<string, ImportMember[]>;
  byEmail: Map<string, ImportMember>;
}

function indexOf(facts: LicenceImportFacts): MemberIndex {
  const byId = new Map(facts.members.map((m) => [m.id, m]));
  const add = (map: Map<string, ImportMember[]>, key: string, member: ImportMember) => {
    const list = map.get(key) ?? [];
    if (!list.includes(member)) list.push(member);
    map.set(key, list);
  };
  const index: MemberIndex = { byNumber: new Map(), byKey: new Map(), byEmail: new Map() };
  for (const licence of facts.licences) {
    const member = byId.get(licence.user_id);
    if (member) add(index.byNumber, licence.number.trim().toUpperCase(), member);
  }
  for (const member of facts.members) {
    if (member.first_name && member.last_name && member.birth_date)
      add(index.byKey, childKey(member.first_name, member.last_name, member.birth_date), member);
    if (member.email) index.byEmail.set(member.email.toLowerCase(), member);
  }
  return index;
}

const sameLicence = (licence: Omit<ImportLicence, 'unchanged'>, known: KnownLicence) =>
  licence.number === known.number &&
  licence.federation === known.federation &&
  licence.type === known.type &&
  licence.start === known.start_day &&
  licence.end === known.end_day;

/**
 * Each row of a licence export, in the file's order (docs/rules.md#members-in-and-out): matched on the
 * licence number first (recorded in any season), then on names and birth date, then on the email; two members
 * found is `member_ambiguous`, never a guess; a member the Admin may not change is `member_not_editable`; a
 * second row for one member and season is `duplicate_in_file`. A licence is whole (number, type, federation,
 * readable days in order, a season given or read from its first day) and of the club's types when it names
 * some; one identical to the member's recorded licence is `unchanged`.
 */
export function planLicences(rows: readonly FileRow[], facts: LicenceImportFacts): LicenceRowPlan[] {
  const index = indexOf(facts);
  const seen = new Set<string>();
  return rows.map(({ cells }): LicenceRowPlan => {
    const found = memberOf(cells, index);
    const parsed = licenceOf(cells, facts);
    if (found && found.members.length > 1)
      return { kind: 'error', code: 'member_ambiguous', match: found.match };
    const member = found?.members[0];
    const matched = found && member ? { match: found.match, member } : {};
    if ('code' in parsed) return { kind: 'error', code: parsed.code, ...matched };
    if (!found || !member) return { kind: 'unmatched', licence: { ...parsed.licence, unchanged: false } };
    if (!mayEditProfile(facts.actor, member))
      return { kind: 'error', code: 'member_not_editable', ...matched };
    const key = `${member.id}|${parsed.licence.season}`;
    if (seen.has(key)) return { kind: 'error', code: 'duplicate_in_file', ...matched };
    seen.add(key);
    const known = facts.licences.find((l) => l.user_id === member.id && l.season === parsed.licence.season);
    const unchanged = known !== undefined && sameLicence(parsed.licence, known);
    return { kind: 'matched', match: found.match, member, licence: { ...parsed.licence, unchanged } };
  });
}
