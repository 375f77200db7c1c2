import {
  SEASON_REPORT_CSV_PATH,
  SEASON_REPORT_PATH,
  seasonReportQuerySchema,
  seasonReportSchema,
} from '@common/contract/report';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { currentClub } from '../../db/club-scope/current-club';
import { languageFromHeader } from '../../i18n/catalogue';
import { authOf } from '../../plugins/auth';
import { errorAnswers } from '../../plugins/error-answers';
import { textAnswer } from '../../plugins/text-answer';
import { seasonReport, seasonReportCsv } from './season-report.service';

/** Signed-in: the season report for admins, as JSON (the screen) and as CSV (docs/rules.md#season-report). */
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
          `attachment; filename="equipee-report-${report.from}-${report.to}.csv"`,
        )
        .send(seasonReportCsv(report, language));
    },
  );
}
