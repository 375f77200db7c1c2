import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { attendanceSchema } from '../../../src/common/contract/attendance';
import { uuidParam } from '../../../src/common/contract/fields';
import type { AppDeps } from '../../app-deps';
import { currentClub } from '../../db/club-scope/current-club';
import { languageFromHeader } from '../../i18n/catalogue';
import { authOf } from '../../plugins/auth';
import { errorAnswers } from '../../plugins/error-answers';
import { textAnswer } from '../../plugins/text-answer';
import { attendanceCsv, attendanceOf } from './attendance.service';

/** Signed-in: an event's attendance record, as JSON (the checklist screen) and as CSV (issue 12). */
export async function attendanceRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get(
    '/api/event/:id/attendance',
    { schema: { params: uuidParam, response: { ...errorAnswers(403, 404), 200: attendanceSchema } } },
    (request) =>
      attendanceOf(
        deps.db,
        authOf(request).user,
        request.params.id,
        languageFromHeader(request.headers['accept-language']),
      ),
  );
  const csv = textAnswer('text/csv', 'The attendance, one row per subscriber and guest.');
  routes.get(
    '/api/event/:id/attendance.csv',
    { schema: { params: uuidParam, response: { ...errorAnswers(403, 404), 200: csv } } },
    async (request, reply) => {
      const language = languageFromHeader(request.headers['accept-language']);
      const entries = await attendanceOf(deps.db, authOf(request).user, request.params.id, language);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="attendance-${request.params.id}.csv"`)
        .send(attendanceCsv(entries, language, currentClub().timezone));
    },
  );
}
