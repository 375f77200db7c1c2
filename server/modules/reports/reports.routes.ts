import {
  SEASON_REPORT_CSV_PATH,
  SEASON_REPORT_PATH,
  seasonReportQuerySchema,
  seasonReportSchema,
} from '@common/contract/report';
import { seasonReportFileName } from '@common/rules/file-names';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { currentClub } from '../../db/club-scope/current-club';
import { catalogueText, languageFromHeader } from '../../i18n/catalogue';
import { authOf } from '../../plugins/auth';
import { errorAnswers } from '../../plugins/error-answers';
import { textAnswer } from '../../plugins/text-answer';
import { seasonReport, seasonReportCsv } from './season-report.service';

/**
 * Signed-in: the season report, the club's for admins and a Contributor's own events for them, as JSON (the
 * screen) and as CSV (docs/rules.md#season-report).
 */
export async function reportsRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const read = (user: Parameters<typeof seasonReport>[1], query: { from: string; to: string }) =>
    seasonReport(deps.db, user, query, deps.now(), currentClub().timezone);
  routes.get(
    SEASON_REPORT_PATH,
    {
      schema: {
        querystring: seasonReportQuerySchema,
        response: { ...errorAnswers(403), 200: seasonReportSchema },
      },
    },
    (request) => read(authOf(request).user, request.query),
  );
  routes.get(
    SEASON_REPORT_CSV_PATH,
    {
      schema: {
        querystring: seasonReportQuerySchema,
        response: {
          ...errorAnswers(403),
          200: textAnswer('text/csv', 'The season report, one row per member and event type.'),
        },
      },
    },
    async (request, reply) => {
      const report = await read(authOf(request).user, request.query);
      const language = languageFromHeader(request.headers['accept-language']);
      return reply
        .type('text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="${seasonReportFileName(catalogueText(language, 'fileNames', 'season_report'), report.from, report.to)}"`,
        )
        .send(seasonReportCsv(report, language));
    },
  );
}
