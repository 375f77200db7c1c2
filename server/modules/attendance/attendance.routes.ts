import { attendanceSchema } from '@common/contract/attendance';
import { uuidParam } from '@common/contract/fields';
import { checklistRequestSchema, checklistResponseSchema } from '@common/contract/participation';
import { idempotencyHeaderSchema } from '@common/contract/replay';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { currentClub } from '../../db/club-scope/current-club';
import { languageFromHeader } from '../../i18n/catalogue';
import { authOf } from '../../plugins/auth';
import { errorAnswers } from '../../plugins/error-answers';
import { textAnswer } from '../../plugins/text-answer';
import { idempotencyKeyOf, okAnswer, sendAnswer } from '../../writes/idempotency';
import { runReplayableWrite } from '../../writes/run-write';
import { attendanceCsv, attendanceOf } from './attendance.service';
import { attendanceFileNameOf } from './attendance-file-name';
import { setCheck } from './checklist.service';

/** Signed-in: an event's attendance record, as JSON (the checklist screen) and as CSV (docs/rules.md#checklist). */
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
      const { timezone } = currentClub();
      const fileName = await attendanceFileNameOf(deps.db, request.params.id, language, timezone);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .send(attendanceCsv(entries, language, timezone));
    },
  );

  routes.put(
    '/api/event/checklist',
    {
      schema: {
        headers: idempotencyHeaderSchema,
        body: checklistRequestSchema,
        response: { ...errorAnswers(403, 404, 409, 422), 200: checklistResponseSchema },
      },
    },
    async (request, reply) =>
      sendAnswer(
        reply,
        await runReplayableWrite(deps, request, async (trx) =>
          okAnswer(await setCheck(deps, trx, authOf(request).user, request.body, idempotencyKeyOf(request))),
        ),
      ),
  );
}
