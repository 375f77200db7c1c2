import {
  commentEditSchema,
  commentInputSchema,
  commentListSchema,
  commentSchema,
  commentThreadParams,
} from '@common/contract/comments';
import { okResponseSchema, uuidParam } from '@common/contract/fields';
import { idempotencyHeaderSchema } from '@common/contract/replay';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { authOf, viewerOf } from '../../plugins/auth';
import { errorAnswers } from '../../plugins/error-answers';
import { sendAnswer } from '../../writes/idempotency';
import { runReplayableWrite, runWrite } from '../../writes/run-write';
import { editComment, postComment, readThread, removeComment } from './comments.service';

/**
 * An event's thread (docs/rules.md#talking-around-an-event), in the signed-in scope. Posting is a replayable write
 * (an `Idempotency-Key`, and a place in POST /api/replay batches), so a comment written offline is posted once;
 * editing and deleting need the network.
 */
export async function commentsRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/event/:id/comments',
    {
      schema: {
        params: commentThreadParams,
        response: { ...errorAnswers(404), 200: commentListSchema },
        description:
          'The thread, oldest first. A member hidden from others is `is_hidden` with no name to members, named to ' +
          'those who take attendance; a deleted account is `is_deleted`.',
      },
    },
    async (request) => readThread(deps.db, viewerOf(authOf(request)), request.params.id),
  );

  routes.post(
    '/api/event/:id/comments',
    {
      schema: {
        params: commentThreadParams,
        headers: idempotencyHeaderSchema,
        body: commentInputSchema,
        response: { ...errorAnswers(400, 403, 404, 409, 422, 429), 201: commentSchema },
        description:
          'Text 1–2,000 characters, plain. `acting_for`: a minor the author may act for. 409 `thread_closed` from ' +
          '7 days after the event ends; 429 `rate_limited` past 30 comments per member per hour.',
      },
    },
    async (request, reply) =>
      sendAnswer(
        reply,
        await runReplayableWrite(deps, request, async (trx) => ({
          status: 201,
          body: await postComment(
            deps,
            trx,
            authOf(request).user,
            viewerOf(authOf(request)),
            request.params.id,
            request.body,
          ),
        })),
      ),
  );

  routes.put(
    '/api/event/comment/:id',
    {
      schema: {
        params: uuidParam,
        body: commentEditSchema,
        response: { ...errorAnswers(400, 403, 404, 409), 200: commentSchema },
        description: 'By its author, while the thread is open.',
      },
    },
    async (request) =>
      runWrite(deps, (trx) =>
        editComment(
          deps,
          trx,
          authOf(request).user,
          viewerOf(authOf(request)),
          request.params.id,
          request.body,
        ),
      ),
  );

  routes.delete(
    '/api/event/comment/:id',
    {
      schema: {
        params: uuidParam,
        response: { ...errorAnswers(403, 404), 200: okResponseSchema },
        description: 'By its author, those who take attendance for the event, or an Admin.',
      },
    },
    async (request) => {
      await runWrite(deps, (trx) => removeComment(trx, authOf(request).user, request.params.id));
      return { ok: true as const };
    },
  );
}
