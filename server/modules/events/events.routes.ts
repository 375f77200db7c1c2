import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { eventInputSchema, eventRangeParamsSchema, eventSchema } from '../../../src/common/contract/event';
import { uuidParam } from '../../../src/common/contract/fields';
import type { AppDeps } from '../../app-deps';
import { authOf, requireUser } from '../../plugins/auth';
import { deleteEvent, listEvents, saveEvent } from './events.service';
import { eventDto } from './participation.service';

export async function eventsRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = requireUser(deps);

  routes.post(
    '/api/event/add-or-update',
    { schema: { body: eventInputSchema, response: { 200: eventSchema } }, onRequest: signedIn },
    (request) => saveEvent(deps, authOf(request).user, request.body),
  );

  routes.delete(
    '/api/event/delete/:id',
    { schema: { params: uuidParam, response: { 204: z.null() } }, onRequest: signedIn },
    async (request, reply) => {
      await deleteEvent(deps, authOf(request).user, request.params.id);
      return reply.status(204).send(null);
    },
  );

  routes.get(
    '/api/event/from/:from/to/:to',
    {
      schema: { params: eventRangeParamsSchema, response: { 200: z.array(eventSchema) } },
      onRequest: signedIn,
    },
    (request) => listEvents(deps, request.params.from, request.params.to),
  );

  routes.get(
    '/api/event/:id',
    { schema: { params: uuidParam, response: { 200: eventSchema } }, onRequest: signedIn },
    (request) => eventDto(deps.db, request.params.id),
  );
}
