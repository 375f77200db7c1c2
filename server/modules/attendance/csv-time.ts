import type { Language } from '@common/contract/user';
import { clubDayOf, clubTimeOf } from '@common/rules/club-time';

/**
 * An instant as the CSVs write it for a spreadsheet, in the club's time zone: « 28/11/2026 10:15 » in French,
 * « 2026-11-28 10:15 » in English; null stays an empty cell.
 */
export function csvTime(iso: string | null, language: Language, timeZone: string): string | null {
  if (iso === null) return null;
  const instant = new Date(iso);
  const [year, month, day] = clubDayOf(instant, timeZone).split('-');
  const date = language === 'fr' ? `${day}/${month}/${year}` : `${year}-${month}-${day}`;
  return `${date} ${clubTimeOf(instant, timeZone)}`;
}
