import { FORBIDDEN_CONTROL_CHARACTER } from '@common/contract/fields';
import { MEMBER_IMPORT_MAX_ROWS } from '@common/contract/member-import';
import { parse } from 'csv-parse/sync';
import { HttpError } from '../../http-error';
import { LICENCE_HEADER_NAMES, type LicenceColumn, looksLikeHealth } from './licence-import-columns';

/** The columns an import reads; any other column of the file is left alone. */
export type ImportColumn =
  | 'email'
  | 'username'
  | 'first_name'
  | 'last_name'
  | 'phone'
  | 'birth_date'
  | 'guardian_1_email'
  | 'guardian_2_email'
  | LicenceColumn;

/** One data row as the file gives it, each known column's cell trimmed ('' when empty or absent). */
export interface FileRow {
  line: number;
  cells: Record<ImportColumn, string>;
}

/**
 * The file read: its rows; whether it is a federation's licence export (it has a licence number column,
 * docs/rules.md#members-in-and-out), and the headers left unread because they look like health data.
 */
export interface ImportFile {
  rows: FileRow[];
  isLicenceFile: boolean;
  ignoredColumns: string[];
}

/**
 * Header names as spreadsheets write them, French and English, compared once normalised (lowercase, no
 * accents, spaces for `_`, `-`, `.` and apostrophes): « Prénom », `first_name` and "First name" are one.
 */
const HEADER_NAMES: Record<ImportColumn, readonly string[]> = {
  email: [
    'email',
    'e mail',
    'mail',
    'courriel',
    'adresse email',
    'adresse e mail',
    'adresse mail',
    'adresse electronique',
    'email address',
    'e mail address',
  ],
  username: ['username', 'user name', 'identifiant', 'pseudo', 'login', 'nom d utilisateur'],
  first_name: ['first name', 'firstname', 'given name', 'prenom'],
  last_name: ['last name', 'lastname', 'surname', 'family name', 'nom', 'nom de famille'],
  phone: [
    'phone',
    'phone number',
    'mobile',
    'telephone',
    'tel',
    'portable',
    'telephone portable',
    'numero de telephone',
  ],
  birth_date: [
    'birth date',
    'birthdate',
    'date of birth',
    'date de naissance',
    'naissance',
    'ne le',
    'nee le',
  ],
  guardian_1_email: [
    'guardian 1 email',
    'guardian email',
    'email responsable 1',
    'email responsable',
    'mail responsable 1',
    'courriel responsable 1',
    'email parent 1',
  ],
  guardian_2_email: [
    'guardian 2 email',
    'email responsable 2',
    'mail responsable 2',
    'courriel responsable 2',
    'email parent 2',
  ],
  ...LICENCE_HEADER_NAMES,
};

export const normaliseHeader = (name: string): string =>
  name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[_\-.'’°º#]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

const COLUMN_BY_HEADER = new Map(
  (Object.entries(HEADER_NAMES) as Array<[ImportColumn, readonly string[]]>).flatMap(([column, names]) =>
    names.map((name) => [name, column] as const),
  ),
);

const UTF8_BOM = [0xef, 0xbb, 0xbf];

/**
 * The file's text: UTF-8 (a BOM dropped) when its bytes are valid UTF-8, else Windows-1252, which is what
 * Excel's « CSV (séparateur : point-virgule) » writes on a French Windows. A file holding control
 * characters (a NUL first of all) is no text a spreadsheet saved: an Excel workbook, a picture.
 */
export function decodeCsv(bytes: Uint8Array): string {
  const hasBom = UTF8_BOM.every((byte, i) => bytes[i] === byte);
  const body = hasBom ? bytes.subarray(UTF8_BOM.length) : bytes;
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    text = new TextDecoder('windows-1252').decode(body);
  }
  if (FORBIDDEN_CONTROL_CHARACTER.test(text)) throw new HttpError(400, 'import_unreadable');
  return text;
}

/** `;` when the header line holds more of them than commas (French Excel), else `,`. */
function separatorOf(text: string): ';' | ',' {
  const header = text.split(/\r?\n/, 1)[0] ?? '';
  const count = (character: string) => header.split(character).length - 1;
  return count(';') > count(',') ? ';' : ',';
}

/**
 * The file's data rows, read by a maintained CSV parser (quotes, separators and line breaks inside cells
 * as Excel writes them), with their known columns; a column whose header looks like health data is never
 * read. Refuses, naming why: a file the parser cannot read, one without a data row, one without an email
 * column unless it is a licence export, one past MEMBER_IMPORT_MAX_ROWS (413).
 */
export function readImportFile(text: string): ImportFile {
  let records: Array<{ record: string[]; info: { lines: number } }>;
  try {
    // With `info`, each record comes with where it ends in the file (csv-parse's types miss that).
    records = parse(text, {
      delimiter: separatorOf(text),
      relax_column_count: true,
      // A quote inside an unquoted cell (`=HYPERLINK("…")` typed by hand) is text, as a spreadsheet reads it.
      relax_quotes: true,
      skip_empty_lines: true,
      skip_records_with_empty_values: true,
      info: true,
    }) as unknown as typeof records;
  } catch {
    throw new HttpError(400, 'import_unreadable');
  }
  const [header, ...data] = records;
  if (!header || data.length === 0) throw new HttpError(400, 'import_empty');
  const ignoredColumns = header.record.filter((name) => looksLikeHealth(normaliseHeader(name)));
  const columns = header.record.map((name) =>
    looksLikeHealth(normaliseHeader(name)) ? undefined : COLUMN_BY_HEADER.get(normaliseHeader(name)),
  );
  const isLicenceFile = columns.includes('licence_number');
  if (!columns.includes('email') && !isLicenceFile) throw new HttpError(400, 'import_no_email_column');
  if (data.length > MEMBER_IMPORT_MAX_ROWS) throw new HttpError(413, 'import_too_many_rows');

  const rows = data.map(({ record, info }) => {
    const cells = Object.fromEntries(Object.keys(HEADER_NAMES).map((column) => [column, ''])) as Record<
      ImportColumn,
      string
    >;
    columns.forEach((column, i) => {
      // The first column of a kind wins: a second « Nom » (a club's own) does not overwrite the first.
      if (column && cells[column] === '') cells[column] = (record[i] ?? '').trim();
    });
    return { line: info.lines, cells };
  });
  return { rows, isLicenceFile, ignoredColumns };
}
