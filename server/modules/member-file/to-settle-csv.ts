import type { DossierToSettle } from '@common/contract/dossiers-to-settle';
import type { Language } from '@common/contract/user';
import { toCsv } from '../../csv';
import { catalogueText } from '../../i18n/catalogue';

const COLUMNS = [
  'last_name',
  'first_name',
  'status',
  'reasons',
  'licence_season',
  'licence_number',
  'ends_on',
] as const;

/** A club day as the other CSVs write one (csvTime's days): « 19/12/2026 » in French, « 2026-12-19 » in English. */
const dayText = (day: string | null, language: Language): string | null => {
  if (day === null || language !== 'fr') return day;
  const [year, month, date] = day.split('-');
  return `${date}/${month}/${year}`;
};

/**
 * « À régulariser » as a CSV (docs/rules.md#members-file), as the other CSVs write one: headers in the reader's
 * language, the status and the reasons in words from the app's own texts, so the sheet says what the screen says.
 */
export function dossiersToSettleCsv(entries: readonly DossierToSettle[], language: Language): string {
  const words = (key: string) => catalogueText(language, 'memberFile', key);
  return toCsv(
    COLUMNS.map((column) => catalogueText(language, 'to_settle_csv', column)),
    entries.map((entry) => [
      entry.last_name,
      entry.first_name,
      words(`status.${entry.status}`),
      entry.reasons.map((reason) => words(`reason.${reason}`)).join(' ; '),
      entry.licence?.season ?? null,
      entry.licence?.number ?? null,
      dayText(entry.ends_on, language),
    ]),
  );
}
