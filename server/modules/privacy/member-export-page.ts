import type { MemberExport } from '@common/contract/member-export';
import type { Language } from '@common/contract/user';
import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../../db/schema';
import { escapeHtml } from '../../html';
import { catalogueText } from '../../i18n/catalogue';
import { memberFileExportOf } from '../member-file/member-file.service';
import { familyOf, profileOf } from './member-export';
import { findCalendarFeedToken } from './member-export.repository';
import { iso, listSections } from './member-export-sections';

type Db = Kysely<Database>;
type Cell = string | number | boolean | null;
type Row = Record<string, Cell>;

/** Who reads the page and how: the language of the member exported, the club's name and time zone. */
export interface PageReader {
  language: Language;
  clubName: string;
  timeZone: string;
}

// A file opened from the member's downloads, far from the club's server: its one sheet travels inside it.
const STYLE = [
  'body{margin:0;padding:16px;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;color:#1c2430;background:#f4f5f7}',
  'main{max-width:1100px;margin:0 auto;padding:20px;background:#fff;border:1px solid #d6dae0;border-radius:12px;overflow-wrap:anywhere}',
  'h1{font-size:1.5rem;margin:0 0 8px}h2{font-size:1.2rem;margin:28px 0 8px}h3{font-size:1.05rem;margin:16px 0 6px}',
  '.scroll{overflow-x:auto}table{border-collapse:collapse;width:100%;font-size:.95rem}',
  'th,td{border:1px solid #d6dae0;padding:4px 8px;text-align:left;vertical-align:top}th{background:#eef1f5}',
  '@media (prefers-color-scheme:dark){body{background:#12161c;color:#e8ebf0}main{background:#1c222b;border-color:#3a424e}th,td{border-color:#3a424e}th{background:#262e39}}',
].join('');

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Values as a person reads them: dates in the club's zone and language, yes and no, named statuses. */
function cellText(reader: PageReader, column: string, value: Cell): string {
  const { language } = reader;
  const text = (section: string, key: string) => catalogueText(language, section, key);
  if (value === null || value === '') return text('my_data_page', 'empty');
  if (typeof value === 'boolean') return text('my_data_page', value ? 'yes' : 'no');
  if (typeof value === 'number') return String(value);
  const locale = language === 'fr' ? 'fr-FR' : 'en-GB';
  if (ISO_INSTANT.test(value)) {
    const format = { dateStyle: 'long', timeStyle: 'short', timeZone: reader.timeZone } as const;
    return new Intl.DateTimeFormat(locale, format).format(new Date(value));
  }
  if (ISO_DAY.test(value))
    return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(value));
  if (column === 'status') return text('attendanceStatus', value);
  if (column === 'role_name') return text('users', `role_${value}`);
  if (column === 'language') return text('profile', `language_${value}`);
  if (column === 'type') return text('notifications', value);
  if (column === 'kind') return text('my_family', `consent_${value}`);
  if (column === 'health_item') return text('my_data_page', `health_${value}`);
  if (column === 'way') return text('my_data_page', `way_${value}`);
  return value;
}

const label = (reader: PageReader, column: string) => {
  const key = `field_${column}`;
  const text = catalogueText(reader.language, 'my_data_page', key);
  return text === `my_data_page.${key}` ? column : text;
};

const heading = (reader: PageReader, level: 2 | 3, section: string) =>
  `<h${level}>${escapeHtml(catalogueText(reader.language, 'my_data_page', `section_${section}`))}</h${level}>`;

/** One record as a two-column table: what, then its value. */
function recordTable(reader: PageReader, row: Row): string {
  const lines = Object.entries(row).map(
    ([column, value]) =>
      `<tr><th scope="row">${escapeHtml(label(reader, column))}</th><td>${escapeHtml(cellText(reader, column, value))}</td></tr>`,
  );
  return `<div class="scroll"><table>${lines.join('')}</table></div>`;
}

const headRow = (reader: PageReader, columns: string[]) =>
  `<thead><tr>${columns.map((c) => `<th scope="col">${escapeHtml(label(reader, c))}</th>`).join('')}</tr></thead>`;
const bodyRows = (reader: PageReader, columns: string[], rows: Row[]) =>
  rows
    .map(
      (row) =>
        `<tr>${columns.map((c) => `<td>${escapeHtml(cellText(reader, c, row[c] ?? null))}</td>`).join('')}</tr>`,
    )
    .join('');
const nothing = (reader: PageReader) =>
  `<p>${escapeHtml(catalogueText(reader.language, 'my_data_page', 'none'))}</p>`;

/**
 * A list's columns, those of its first item; an event's id only where its name is missing (the attendance
 * log): a person reads the name, and the JSON file keeps both.
 */
function columnsOf(row: Row | undefined): string[] {
  const columns = Object.keys(row ?? {});
  return columns.includes('event_name') ? columns.filter((c) => c !== 'event_uuid') : columns;
}

/** A list as one table, a row per item. */
function listTable(reader: PageReader, rows: Row[]): string {
  const columns = columnsOf(rows[0]);
  if (columns.length === 0) return nothing(reader);
  return `<div class="scroll"><table>${headRow(reader, columns)}<tbody>${bodyRows(reader, columns, rows)}</tbody></table></div>`;
}

function familyHtml(reader: PageReader, family: MemberExport['family']): string[] {
  return (['guardians', 'children', 'consents', 'done_by_guardians'] as const).flatMap((part) => [
    heading(reader, 3, part),
    listTable(reader, family[part] as Row[]),
  ]);
}

/** The member's file (docs/rules.md#members-file), its columns named apart from the consents' and notifications'. */
function memberFileHtml(reader: PageReader, file: MemberExport['member_file']): string[] {
  const licences = file.licences.map(({ type, ...rest }) => ({ ...rest, licence_type: type }));
  const items = file.health_items.map(({ kind, ...rest }) => ({ health_item: kind, ...rest }));
  return [
    heading(reader, 3, 'licences'),
    listTable(reader, licences as Row[]),
    heading(reader, 3, 'health_items'),
    listTable(reader, items as Row[]),
  ];
}

/**
 * The member's data as a page a person reads (docs/rules.md#members-in-and-out): the same content as the
 * JSON file, in headings and tables, in the member's language, under the club's name. Written as it is
 * read, each list a page at a time; every value escaped, since names and comments come from people.
 */
export async function* memberExportHtml(
  db: Db,
  user: UserRow,
  publicDir: string,
  now: Date,
  reader: PageReader,
): AsyncGenerator<string> {
  const text = (key: string, values?: Record<string, string>) =>
    catalogueText(reader.language, 'my_data_page', key, values);
  const name = [user.first_name, user.last_name].filter(Boolean).join(' ') || user.username;
  const title = `${text('title')} · ${reader.clubName}`;
  yield [
    '<!doctype html>',
    `<html lang="${reader.language}"><head><meta charset="utf-8">`,
    '<meta name="viewport" content="width=device-width,initial-scale=1">',
    '<meta name="robots" content="noindex">',
    `<title>${escapeHtml(title)}</title><style>${STYLE}</style></head>`,
    `<body><main><h1>${escapeHtml(title)}</h1>`,
    `<p>${escapeHtml(text('intro', { club: reader.clubName, name, date: cellText(reader, 'exported_at', now.toISOString()) }))}</p>`,
    `<p>${escapeHtml(text('json_note'))}</p>`,
  ].join('\n');
  yield heading(reader, 2, 'profile') + recordTable(reader, profileOf(user, publicDir) as Row);
  const feed = await findCalendarFeedToken(db, user.id);
  yield heading(reader, 2, 'calendar_feed') +
    recordTable(reader, { exists: feed !== undefined, created_at: iso(feed?.created_at ?? null) });
  yield [heading(reader, 2, 'family'), ...familyHtml(reader, await familyOf(db, user.id))].join('\n');
  yield [
    heading(reader, 2, 'member_file'),
    ...memberFileHtml(reader, await memberFileExportOf(db, user.id)),
  ].join('\n');
  for (const [section, pages] of Object.entries(listSections(db, user.id))) {
    yield heading(reader, 2, section);
    let columns: string[] | null = null;
    for await (const rows of pages as AsyncGenerator<Array<Row & { key: unknown }>>) {
      const items = rows.map(({ key: _key, ...row }) => row as Row);
      if (!columns) {
        columns = columnsOf(items[0]);
        yield `<div class="scroll"><table>${headRow(reader, columns)}<tbody>`;
      }
      yield bodyRows(reader, columns, items);
    }
    yield columns ? '</tbody></table></div>' : nothing(reader);
  }
  yield '</main></body></html>\n';
}
