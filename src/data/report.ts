/** The season report (admins, online only): its figures, and its CSV for the federation. */
import {
  type SeasonReport,
  type SeasonReportQuery,
  seasonReportCsvPath,
  seasonReportPath,
  seasonReportSchema,
} from '@common/contract/report';
import { apiRequest } from './core/api-client';
import { downloadFile } from './downloads';

export {
  REPORT_FIGURES,
  type ReportRow,
  type SeasonReport,
  type SeasonReportQuery,
} from '@common/contract/report';

export function fetchSeasonReport(query: SeasonReportQuery): Promise<SeasonReport> {
  return apiRequest('GET', seasonReportPath(query), { schema: seasonReportSchema });
}

/** The CSV, saved as `fileName` unless the server names it (both name it alike: docs/rules.md#file-names). */
export function downloadSeasonReportCsv(query: SeasonReportQuery, fileName: string): Promise<void> {
  return downloadFile(seasonReportCsvPath(query), fileName);
}

/** The club season holding `today` (a club day): 1 September to 31 August. */
export function seasonOf(today: string): SeasonReportQuery {
  const year = Number(today.slice(0, 4));
  const start = today.slice(5) >= '09-01' ? year : year - 1;
  return { from: `${start}-09-01`, to: `${start + 1}-08-31` };
}
