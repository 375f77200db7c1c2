import { eventSchema, subscriberEntrySchema, waitingEntrySchema } from '@common/contract/event';
import { uuidParam } from '@common/contract/fields';
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
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
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
import { listUserSubscriptions, listUserWaiting } from './participation.repository';
import { setSubscription } from './subscriptions.service';
import { joinWaitingList } from './waiting-list.service';

/** Signed-in routes (registered inside the signed-in scope). */
export async function participationRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  // The writes the app queues offline accept an Idempotency-Key (docs/rules.md#replays); the app sends them in batches
  // through POST /api/replay (replays/replay.routes.ts), which runs each through here.
  routes.put(
    '/api/event/subscribe/status',
    {
      schema: {
        headers: idempotencyHeaderSchema,
        body: subscribeRequestSchema,
        response: { ...errorAnswers(403, 404, 409, 422), 200: eventSchema },
      },
    },
    async (request, reply) =>
      sendAnswer(
        reply,
        await runReplayableWrite(deps, request, async (trx) =>
          okAnswer(
            await viewedBy(
              trx,
              viewerOf(authOf(request)),
              await setSubscription(deps, trx, authOf(request).user, request.body),
            ),
          ),
        ),
      ),
  );

  routes.post(
    '/api/event/waiting-list',
    {
      schema: {
        headers: idempotencyHeaderSchema,
        body: waitingListRequestSchema,
        response: { ...errorAnswers(403, 404, 409, 422), 200: eventSchema },
      },
    },
    async (request, reply) =>
      sendAnswer(
        reply,
        await runReplayableWrite(deps, request, async (trx) =>
          okAnswer(
            await viewedBy(
              trx,
              viewerOf(authOf(request)),
              await joinWaitingList(deps, trx, authOf(request).user, request.body),
            ),
          ),
        ),
      ),
  );

  routes.put(
    '/api/event/decline',
    {
      schema: {
        headers: idempotencyHeaderSchema,
        body: declineRequestSchema,
        response: { ...errorAnswers(403, 404, 409, 422), 200: eventSchema },
      },
    },
    async (request, reply) =>
      sendAnswer(
        reply,
        await runReplayableWrite(deps, request, async (trx) =>
          okAnswer(
            await viewedBy(
              trx,
              viewerOf(authOf(request)),
              await setDecline(deps, trx, authOf(request).user, request.body),
            ),
          ),
        ),
      ),
  );

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
