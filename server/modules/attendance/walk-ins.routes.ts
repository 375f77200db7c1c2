import { uuidParam } from '@common/contract/fields';
import { idempotencyHeaderSchema } from '@common/contract/replay';
import {
  CLUB_MEMBERS_PATH,
  clubMembersSchema,
  memberFoundSchema,
  memberSearchQuerySchema,
  WALK_IN_PATH,
  walkInRequestSchema,
  walkInResponseSchema,
} from '@common/contract/walk-in';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { authOf } from '../../plugins/auth';
import { errorAnswers } from '../../plugins/error-answers';
import { idempotencyKeyOf, okAnswer, sendAnswer } from '../../writes/idempotency';
import { runReplayableWrite } from '../../writes/run-write';
import { clubMembers } from './club-members';
import { searchMembers } from './member-search';
import { setWalkIn } from './walk-ins.service';

/**
 * Signed-in: walk-ins at an event, the member search that finds them, and the club's member list an organiser's
 * device keeps to find them offline (docs/rules.md#checklist).
 */
export async function walkInRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  // Queued offline like a tick, so replayable (docs/rules.md#replays).
  routes.put(
    WALK_IN_PATH,
    {
      schema: {
        headers: idempotencyHeaderSchema,
        body: walkInRequestSchema,
        response: { ...errorAnswers(403, 404, 409, 422), 200: walkInResponseSchema },
      },
    },
    async (request, reply) => {
      const answer = await runReplayableWrite(deps, request, async (trx) =>
        okAnswer(await setWalkIn(deps, trx, authOf(request).user, request.body, idempotencyKeyOf(request))),
      );
      return sendAnswer(reply as FastifyReply, answer);
    },
  );

  routes.get(
    '/api/event/:id/members',
    {
      schema: {
        params: uuidParam,
        querystring: memberSearchQuerySchema,
        response: { ...errorAnswers(403, 404), 200: z.array(memberFoundSchema) },
      },
    },
    (request) => searchMembers(deps.db, authOf(request).user, request.params.id, request.query.q),
  );

  // The club's member list, kept by an organiser's device for a walk-in with no signal.
  routes.get(
    CLUB_MEMBERS_PATH,
    { schema: { response: { ...errorAnswers(403), 200: clubMembersSchema } } },
    (request) => clubMembers(deps.db, authOf(request).user, deps.now()),
  );
}
