import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { eventInputSchema, eventRangeParamsSchema, eventSchema } from '../../../src/common/contract/event';
import { okResponseSchema, uuidParam } from '../../../src/common/contract/fields';
import { groupMailRequestSchema } from '../../../src/common/contract/participation';
import type { AppDeps } from '../../app-deps';
import { authOf } from '../../plugins/auth';
import { weakETag } from '../../plugins/weak-etag';
import { runWrite } from '../replays/write';
import { eventDto } from './event-details';
import { type AfterEventUpdate, deleteEvent, listEvents, saveEvent } from './events.service';
import { sendGroupMail } from './group-mail.service';

/** Signed-in routes (registered inside the signed-in scope). */
export async function eventsRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  hooks: { afterUpdate: AfterEventUpdate },
): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    '/api/event/add-or-update',
    { schema: { body: eventInputSchema, response: { 200: eventSchema } } },
    (request) =>
      runWrite(deps, (trx) => saveEvent(deps, trx, authOf(request).user, request.body, hooks.afterUpdate)),
  );

  routes.delete(
    '/api/event/delete/:id',
    { schema: { params: uuidParam, response: { 204: z.null() } } },
    async (request, reply) => {
      await runWrite(deps, (trx) => deleteEvent(deps, trx, authOf(request).user, request.params.id));
      return reply.status(204).send(null);
    },
  );

  routes.get(
    '/api/event/from/:from/to/:to',
    // A weak ETag and 304 for an unchanged range: the sync engine sends back the tag it stored.
    { schema: { params: eventRangeParamsSchema, response: { 200: z.array(eventSchema) } }, onSend: weakETag },
    (request) => listEvents(deps, request.params.from, request.params.to),
  );

  routes.get('/api/event/:id', { schema: { params: uuidParam, response: { 200: eventSchema } } }, (request) =>
    eventDto(deps.db, request.params.id),
  );

  routes.post(
    '/api/event/mail',
    { schema: { body: groupMailRequestSchema, response: { 200: okResponseSchema } } },
    async (request) => {
      await runWrite(deps, (trx) => sendGroupMail(deps, trx, authOf(request).user, request.body));
      return { ok: true as const };
    },
  );
}
