import {
  REPORT_FIGURES,
  type ReportFigures,
  type ReportRow,
  type SeasonReport,
  type SeasonReportQuery,
} from '@common/contract/report';
import type { Language } from '@common/contract/user';
import { mayReadSeasonReport, seasonReportScope } from '@common/rules/attendance';
import { clubDayStart, nextDay } from '@common/rules/club-time';
import type { Kysely } from 'kysely';
import { toCsv } from '../../csv';
import type { Database, UserRow } from '../../db/schema';
import { assertAllowed } from '../../http-error';
import { catalogueText } from '../../i18n/catalogue';
import { type ReportCounts, seasonCounts, seasonKitCounts } from './season-report.repository';

const rate = (attended: number, participants: number) => (participants > 0 ? attended / participants : null);

const withRate = <T extends Omit<ReportFigures, 'attendance_rate'>>(counts: T) => ({
  ...counts,
  attendance_rate: rate(counts.attended, counts.participants),
});

/**
 * The season report: events starting from `from` 00:00 to `to` 24:00, club time, per model and month; the club's
 * for an Admin, a Contributor's own events for them.
 */
export async function seasonReport(
  db: Kysely<Database>,
  actor: UserRow,
  query: SeasonReportQuery,
  now: Date,
  timeZone: string,
): Promise<SeasonReport> {
  assertAllowed(mayReadSeasonReport(actor));
  // A Contributor's report is the same report over the events they run (docs/rules.md#season-report).
  const organiserId = seasonReportScope(actor) === 'club' ? null : actor.id;
  const from = clubDayStart(query.from, timeZone);
  const until = clubDayStart(nextDay(query.to), timeZone);
  const counts = await seasonCounts(db, from, until, now, timeZone, organiserId);
  const kit = await seasonKitCounts(db, from, until, organiserId);
  const totals = Object.fromEntries(
    REPORT_FIGURES.map((key) => [key, counts.reduce((sum, row: ReportCounts) => sum + row[key], 0)]),
  ) as Omit<ReportFigures, 'attendance_rate'>;
  return { from: query.from, to: query.to, rows: counts.map(withRate), totals: withRate(totals), kit };
}

const COLUMNS = ['month', 'model', ...REPORT_FIGURES, 'attendance_rate'] as const;
const KIT_COLUMNS = ['stuff', 'stuff_kind', 'booked', 'handed_out'] as const;

/**
 * The same report as a CSV: headers in the caller's language, the rate in percent, a totals line. Kit use follows
 * as a section of its own, after an empty line, when any item was booked: its title, its headers, a line per stuff.
 */
export function seasonReportCsv(report: SeasonReport, language: Language): string {
  const text = (key: string) => catalogueText(language, 'report_csv', key);
  // Written as the spreadsheet's language writes a decimal (87,5 in French), which it then reads as a number.
  const decimal = new Intl.NumberFormat(language, { maximumFractionDigits: 1, useGrouping: false });
  const percent = (value: number | null) => (value === null ? null : decimal.format(value * 100));
  const line = (month: string, model: string, figures: ReportFigures) => [
    month,
    model,
    ...REPORT_FIGURES.map((key) => figures[key]),
    percent(figures.attendance_rate),
  ];
  const kitText = (key: string) => catalogueText(language, 'report_kit_csv', key);
  const kit = report.kit ?? [];
  // As wide as the rows above, so the file stays one table for a spreadsheet or a strict reader.
  const padded = (cells: Array<string | number | null>) => [
    ...cells,
    ...Array<string>(Math.max(0, COLUMNS.length - cells.length)).fill(''),
  ];
  const kitSection =
    kit.length === 0
      ? []
      : [
          padded([]),
          padded([kitText('title')]),
          padded(KIT_COLUMNS.map(kitText)),
          ...kit.map((row) => padded([row.stuff_name, row.stuff_kind, row.booked, row.handed_out])),
        ];
  return toCsv(COLUMNS.map(text), [
    ...report.rows.map((row: ReportRow) => line(row.month, row.model_name, row)),
    line(text('total'), '', report.totals),
    ...kitSection,
  ]);
}
