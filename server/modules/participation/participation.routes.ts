import {
  type EventDto,
  eventSchema,
  subscriberEntrySchema,
  waitingEntrySchema,
} from '@common/contract/event';
import { uuidParam } from '@common/contract/fields';
import { kitChangeRequestSchema } from '@common/contract/kit';
import {
  declineEntrySchema,
  declineRequestSchema,
  deleteInvitationSchema,
  guestRequestSchema,
  guestSchema,
  myInviteParamsSchema,
  subscribeRequestSchema,
  waitingListRequestSchema,
} from '@common/contract/participation';
import { idempotencyHeaderSchema } from '@common/contract/replay';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import type { Database, UserRow } from '../../db/schema';
import { authOf, viewerOf } from '../../plugins/auth';
import { errorAnswers } from '../../plugins/error-answers';
import { okAnswer, sendAnswer } from '../../writes/idempotency';
import { runReplayableWrite, runWrite } from '../../writes/run-write';
import { eventDto } from '../events/event-details';
import { viewedBy } from '../events/event-view';
import { assertSelfOrAdmin } from '../users/permissions';
import { listUserDeclines } from './declines.repository';
import { declinesOf, setDecline } from './declines.service';
import { deleteGuest, listHostGuests, saveGuest } from './guests.service';
import { changeKit } from './kit-change.service';
import { listUserSubscriptions, listUserWaiting } from './participation.repository';
import { setSubscription } from './subscriptions.service';
import { joinWaitingList } from './waiting-list.service';

/** Signed-in routes (registered inside the signed-in scope). */
export async function participationRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  /** A write the app may queue offline, answered with the event as its reader may see it. */
  const replayableEventWrite = <Body extends z.ZodType>(
    method: 'PUT' | 'POST',
    url: string,
    body: Body,
    write: (deps: AppDeps, trx: Kysely<Database>, actor: UserRow, body: z.infer<Body>) => Promise<EventDto>,
  ) =>
    routes.route({
      method,
      url,
      schema: {
        headers: idempotencyHeaderSchema,
        body,
        response: { ...errorAnswers(403, 404, 409, 422), 200: eventSchema },
      },
      handler: async (request, reply) =>
        sendAnswer(
          reply,
          await runReplayableWrite(deps, request, async (trx) =>
            okAnswer(
              await viewedBy(
                trx,
                viewerOf(authOf(request)),
                await write(deps, trx, authOf(request).user, request.body as z.infer<Body>),
              ),
            ),
          ),
        ),
    });
  // The writes the app queues offline accept an Idempotency-Key (docs/rules.md#replays); the app sends them in batches
  // through POST /api/replay (replays/replay.routes.ts), which runs each through here.
  replayableEventWrite('PUT', '/api/event/subscribe/status', subscribeRequestSchema, setSubscription);
  // Change the kit, keep the place (docs/rules.md#kit); replayable like the subscribe.
  replayableEventWrite('PUT', '/api/event/subscribe/stuffs', kitChangeRequestSchema, changeKit);

  replayableEventWrite('POST', '/api/event/waiting-list', waitingListRequestSchema, joinWaitingList);

  replayableEventWrite('PUT', '/api/event/decline', declineRequestSchema, setDecline);

  routes.get(
    '/api/event/my-declines/:id',
    { schema: { params: uuidParam, response: { ...errorAnswers(403), 200: z.array(declineEntrySchema) } } },
    (request) => {
      assertSelfOrAdmin(authOf(request).user, request.params.id);
      return listUserDeclines(deps.db, request.params.id);
    },
  );

  routes.get(
    '/api/event/:id/declines',
    {
      schema: {
        params: uuidParam,
        response: { ...errorAnswers(403, 404), 200: z.array(declineEntrySchema) },
      },
    },
    (request) => declinesOf(deps.db, authOf(request).user, request.params.id),
  );

  routes.get(
    '/api/event/subscribe/:id',
    {
      schema: { params: uuidParam, response: { ...errorAnswers(404), 200: z.array(subscriberEntrySchema) } },
    },
    async (request) =>
      (await viewedBy(deps.db, viewerOf(authOf(request)), await eventDto(deps.db, request.params.id)))
        .subscribers_with_stuff,
  );

  routes.get(
    '/api/event/my-subscriptions/:id',
    {
      schema: { params: uuidParam, response: { ...errorAnswers(403), 200: z.array(subscriberEntrySchema) } },
    },
    (request) => {
      assertSelfOrAdmin(authOf(request).user, request.params.id);
      return listUserSubscriptions(deps.db, request.params.id);
    },
  );

  routes.get(
    '/api/event/my-waiting-list/:id',
    { schema: { params: uuidParam, response: { ...errorAnswers(403), 200: z.array(waitingEntrySchema) } } },
    (request) => {
      assertSelfOrAdmin(authOf(request).user, request.params.id);
      return listUserWaiting(deps.db, request.params.id);
    },
  );

  routes.post(
    '/api/event/invite',
    { schema: { body: guestRequestSchema, response: { ...errorAnswers(403, 404, 409), 200: guestSchema } } },
    (request) => runWrite(deps, (trx) => saveGuest(deps, trx, authOf(request).user, request.body)),
  );

  routes.put(
    '/api/event/delete-invitation',
    {
      schema: {
        body: deleteInvitationSchema,
        response: { ...errorAnswers(403, 404, 409), 204: z.undefined().describe('Done: no content.') },
      },
    },
    async (request, reply) => {
      const { id, uuid_event } = request.body;
      await runWrite(deps, (trx) => deleteGuest(deps, trx, authOf(request).user, id, uuid_event));
      return reply.status(204).send();
    },
  );

  routes.get(
    '/api/event/my-invite-list/:uuid_event/:uuid_user',
    {
      schema: {
        params: myInviteParamsSchema,
        response: { ...errorAnswers(403, 404), 200: z.array(guestSchema) },
      },
    },
    (request) =>
      listHostGuests(deps, authOf(request).user, request.params.uuid_event, request.params.uuid_user),
  );
}
