import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { eventSchema, subscriberEntrySchema, waitingEntrySchema } from '../../../src/common/contract/event';
import { okResponseSchema, uuidParam } from '../../../src/common/contract/fields';
import {
  checklistRequestSchema,
  checklistResponseSchema,
  deleteInvitationSchema,
  groupMailRequestSchema,
  guestRequestSchema,
  guestSchema,
  myInviteParamsSchema,
  subscribeRequestSchema,
  waitingListRequestSchema,
} from '../../../src/common/contract/participation';
import type { AppDeps } from '../../app-deps';
import { authOf, requireUser } from '../../plugins/auth';
import { type Answer, idempotent } from '../replays/idempotency';
import { assertSelfOrAdmin } from '../users/permissions';
import { setCheck } from './checklist.service';
import { sendGroupMail } from './group-mail.service';
import { deleteGuest, listHostGuests, saveGuest } from './guests.service';
import { listUserSubscriptions, listUserWaiting } from './participation.repository';
import { eventDto, joinWaitingList, setSubscription } from './participation.service';

const ok = (body: unknown): Answer => ({ status: 200, body });
const send = (reply: FastifyReply, answer: Answer) => reply.status(answer.status).send(answer.body);

export async function participationRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = requireUser(deps);
  const afterCommit = <T>(answer: T) => {
    deps.mail.kick();
    return answer;
  };
  const idempotencyHeader = z.object({ 'idempotency-key': z.string().optional() });

  // The three writes the app queues offline accept an Idempotency-Key (server-rules "Replays").
  routes.put(
    '/api/event/subscribe/status',
    {
      schema: { headers: idempotencyHeader, body: subscribeRequestSchema, response: { 200: eventSchema } },
      onRequest: signedIn,
    },
    async (request, reply) =>
      send(
        reply,
        afterCommit(
          await idempotent(deps, request, async (trx) =>
            ok(await setSubscription(deps, trx, authOf(request).user, request.body)),
          ),
        ),
      ),
  );

  routes.post(
    '/api/event/waiting-list',
    {
      schema: { headers: idempotencyHeader, body: waitingListRequestSchema, response: { 200: eventSchema } },
      onRequest: signedIn,
    },
    async (request, reply) =>
      send(
        reply,
        await idempotent(deps, request, async (trx) =>
          ok(await joinWaitingList(deps, trx, authOf(request).user, request.body)),
        ),
      ),
  );

  routes.put(
    '/api/event/checklist',
    {
      schema: {
        headers: idempotencyHeader,
        body: checklistRequestSchema,
        response: { 200: checklistResponseSchema },
      },
      onRequest: signedIn,
    },
    async (request, reply) =>
      send(
        reply,
        await idempotent(deps, request, async (trx) =>
          ok(await setCheck(deps, trx, authOf(request).user, request.body)),
        ),
      ),
  );

  routes.get(
    '/api/event/subscribe/:id',
    { schema: { params: uuidParam, response: { 200: z.array(subscriberEntrySchema) } }, onRequest: signedIn },
    async (request) => (await eventDto(deps.db, request.params.id)).subscribers_with_stuff,
  );

  routes.get(
    '/api/event/my-subscriptions/:id',
    { schema: { params: uuidParam, response: { 200: z.array(subscriberEntrySchema) } }, onRequest: signedIn },
    (request) => {
      assertSelfOrAdmin(authOf(request).user, request.params.id);
      return listUserSubscriptions(deps.db, request.params.id);
    },
  );

  routes.get(
    '/api/event/my-waiting-list/:id',
    { schema: { params: uuidParam, response: { 200: z.array(waitingEntrySchema) } }, onRequest: signedIn },
    (request) => {
      assertSelfOrAdmin(authOf(request).user, request.params.id);
      return listUserWaiting(deps.db, request.params.id);
    },
  );

  routes.post(
    '/api/event/invite',
    { schema: { body: guestRequestSchema, response: { 200: guestSchema } }, onRequest: signedIn },
    (request) =>
      deps.db.transaction().execute((trx) => saveGuest(deps, trx, authOf(request).user, request.body)),
  );

  routes.put(
    '/api/event/delete-invitation',
    { schema: { body: deleteInvitationSchema, response: { 204: z.null() } }, onRequest: signedIn },
    async (request, reply) => {
      await deps.db
        .transaction()
        .execute((trx) =>
          deleteGuest(deps, trx, authOf(request).user, request.body.id, request.body.uuid_event),
        );
      deps.mail.kick();
      return reply.status(204).send(null);
    },
  );

  routes.get(
    '/api/event/my-invite-list/:uuid_event/:uuid_user',
    {
      schema: { params: myInviteParamsSchema, response: { 200: z.array(guestSchema) } },
      onRequest: signedIn,
    },
    (request) =>
      listHostGuests(deps, authOf(request).user, request.params.uuid_event, request.params.uuid_user),
  );

  routes.post(
    '/api/event/mail',
    { schema: { body: groupMailRequestSchema, response: { 200: okResponseSchema } }, onRequest: signedIn },
    async (request) => {
      await sendGroupMail(deps, authOf(request).user, request.body);
      return { ok: true as const };
    },
  );
}
