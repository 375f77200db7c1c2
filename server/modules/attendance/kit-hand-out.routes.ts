import {
  notReturnedListSchema,
  stuffHandOutRequestSchema,
  stuffHandOutResponseSchema,
} from '@common/contract/kit';
import { idempotencyHeaderSchema } from '@common/contract/replay';
import { clubDayOf } from '@common/rules/club-time';
import { notReturnedFileName } from '@common/rules/file-names';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { currentClub } from '../../db/club-scope/current-club';
import { catalogueText, languageFromHeader } from '../../i18n/catalogue';
import { authOf } from '../../plugins/auth';
import { errorAnswers } from '../../plugins/error-answers';
import { textAnswer } from '../../plugins/text-answer';
import { idempotencyKeyOf, okAnswer, sendAnswer } from '../../writes/idempotency';
import { runReplayableWrite } from '../../writes/run-write';
import { setStuffHandOut } from './kit-hand-out.service';
import { notReturned, notReturnedCsv } from './not-returned.service';

/**
 * Signed-in: kit at the venue (docs/rules.md#kit). Handing an item out or taking it back is replayable as a tick is;
 * the items not given back are read as JSON (the screen) and as CSV.
 */
export async function kitHandOutRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.put(
    '/api/event/checklist/stuff',
    {
      schema: {
        headers: idempotencyHeaderSchema,
        body: stuffHandOutRequestSchema,
        response: { ...errorAnswers(403, 404, 409, 422), 200: stuffHandOutResponseSchema },
      },
    },
    async (request, reply) =>
      sendAnswer(
        reply,
        await runReplayableWrite(deps, request, async (trx) =>
          okAnswer(
            await setStuffHandOut(deps, trx, authOf(request).user, request.body, idempotencyKeyOf(request)),
          ),
        ),
      ),
  );

  routes.get('/api/stuff/not-returned', { schema: { response: { 200: notReturnedListSchema } } }, (request) =>
    notReturned(deps.db, authOf(request).user, deps.now()),
  );
  const csv = textAnswer('text/csv', 'The items handed out and not given back, one row per item.');
  routes.get(
    '/api/stuff/not-returned.csv',
    { schema: { response: { 200: csv } } },
    async (request, reply) => {
      const language = languageFromHeader(request.headers['accept-language']);
      const entries = await notReturned(deps.db, authOf(request).user, deps.now());
      const { timezone } = currentClub();
      // Named by the club day it was read: the list changes as kit comes back (docs/rules.md#file-names).
      const fileName = notReturnedFileName(
        catalogueText(language, 'fileNames', 'not_returned'),
        clubDayOf(deps.now(), timezone),
      );
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .send(notReturnedCsv(entries, language, timezone));
    },
  );
}
