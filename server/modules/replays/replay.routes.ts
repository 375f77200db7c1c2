import { readErrorBody } from '@common/contract/errors';
import {
  type ReplayAnswer,
  type ReplayItem,
  replayRequestSchema,
  replayResponseSchema,
} from '@common/contract/replay';
import { isReplayableWrite, isRetryLater } from '@common/rules/replays';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorMessage, languageFromHeader } from '../../i18n/catalogue';

/**
 * POST /api/replay (docs/rules.md#replays): the app's offline outbox in batches, one request for up to
 * LIMITS.replayBatchMax writes instead of one each. Every item runs exactly as if it had been sent alone: it
 * is injected into this same app as its own request, with the caller's Authorization and Accept-Language
 * and the item's Idempotency-Key, so it meets the very route, hooks, authorisation, validation and replay
 * rules a single request meets (and is logged as one). Only the replayable writes may be named — any other
 * item is answered 400 and not run. The write limits count each item as its own request and never the batch
 * (server/plugins/write-limits.ts), so nothing counts twice. Items run one
 * after another, in order, and the run stops at the first "retry later" answer (401, 429, 5xx, 409
 * `request_in_progress`): a later write must never overtake one the app will send again.
 * Registered in the signed-in scope: an anonymous batch is refused (401) before anything runs.
 */
export async function replayRoutes(app: FastifyInstance): Promise<void> {
  app
    .withTypeProvider<ZodTypeProvider>()
    .post(
      '/api/replay',
      { schema: { body: replayRequestSchema, response: { 200: replayResponseSchema } } },
      async (request) => {
        const answers: ReplayAnswer[] = [];
        for (const item of request.body.writes) {
          const answer = isReplayableWrite(item.method, item.path)
            ? await runAlone(app, request, item)
            : refused(request);
          answers.push(answer);
          if (isRetryLater(answer.status, readErrorBody(answer.body)?.code)) break;
        }
        return { answers };
      },
    );
}

function refused(request: FastifyRequest): ReplayAnswer {
  const language = languageFromHeader(request.headers['accept-language']);
  return {
    status: 400,
    body: { code: 'invalid_input', message: errorMessage('invalid_input', language), field: 'path' },
  };
}

async function runAlone(
  app: FastifyInstance,
  request: FastifyRequest,
  item: ReplayItem,
): Promise<ReplayAnswer> {
  const { authorization, 'accept-language': language } = request.headers;
  const response = await app.inject({
    method: item.method as 'PUT' | 'POST',
    url: item.path,
    headers: {
      'content-type': 'application/json',
      'idempotency-key': item.idempotencyKey,
      ...(authorization ? { authorization } : {}),
      ...(language ? { 'accept-language': language } : {}),
    },
    ...(item.body === undefined ? {} : { payload: JSON.stringify(item.body) }),
  });
  let body: unknown = null;
  try {
    body = response.body === '' ? null : JSON.parse(response.body);
  } catch {
    // Every route of ours answers JSON; a body that is not stays out of the batch's answer.
  }
  const retryAfter = Number(response.headers['retry-after']);
  return {
    status: response.statusCode,
    body,
    ...(Number.isInteger(retryAfter) && retryAfter > 0 ? { retry_after: retryAfter } : {}),
  };
}
