import { LIMITS } from '@common/contract/limits';
import { REPLAYABLE_WRITES } from '@common/rules/replays';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RateLimits } from '../config';
import { TooManyRequestsError } from '../http-error';
import { authOf } from './auth';
import { declareErrorAnswers } from './error-answers';
import { SlidingWindow } from './sliding-window';

const route = (request: FastifyRequest) => `${request.method} ${request.routeOptions.url}`;

/** The subscription changes counted per event too (subscribe or leave, join the waiting list, decline). */
const SUBSCRIPTION_CHANGES = new Set(
  [REPLAYABLE_WRITES.subscribeStatus, REPLAYABLE_WRITES.waitingList, REPLAYABLE_WRITES.decline].map(
    (w) => `${w.method} ${w.path}`,
  ),
);
/** The batch is not a write of its own: each write in it runs as its own request and is counted there. */
const COUNTED_PER_ITEM = new Set(['POST /api/replay']);

function eventOf(request: FastifyRequest): string | null {
  const body = request.body as { uuid_event?: unknown } | null | undefined;
  return typeof body?.uuid_event === 'string' ? body.uuid_event : null;
}

/**
 * Write limits (docs/rules.md#abuse-limits), in the signed-in scope: every write (not a read) of a member counts,
 * `limits.writes` per window (LIMITS.writesPerUser unless RATE_LIMIT_WRITES says otherwise), and a subscription change
 * counts per event too. Over either, 429 `rate_limited` with Retry-After, before the route runs: nothing is written,
 * and no replay answer is stored, so the outbox sends the write again later. Runs after validation (preHandler), so the
 * event is the body's checked uuid; a refused request counts for nothing. Each write says so in the OpenAPI document.
 */
export function registerWriteLimits(
  scope: FastifyInstance,
  limits: Pick<RateLimits, 'writes' | 'subscriptionChanges'>,
  now: () => Date,
): void {
  const writes = new SlidingWindow(limits.writes, LIMITS.writeWindowMs);
  const changes = new SlidingWindow(limits.subscriptionChanges, LIMITS.writeWindowMs);
  scope.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    const isCounted = methods.some(
      (method) => method !== 'GET' && method !== 'HEAD' && !COUNTED_PER_ITEM.has(`${method} ${route.url}`),
    );
    if (isCounted) declareErrorAnswers(route, [429]);
  });
  scope.addHook('preHandler', async (request) => {
    if (request.method === 'GET' || request.method === 'HEAD' || COUNTED_PER_ITEM.has(route(request))) return;
    const userId = authOf(request).user.id;
    const at = now().getTime();
    const event = SUBSCRIPTION_CHANGES.has(route(request)) ? eventOf(request) : null;
    const changeKey = event === null ? null : `${userId} ${event}`;
    const waitMs = Math.max(writes.waitMs(userId, at), changeKey ? changes.waitMs(changeKey, at) : 0);
    if (waitMs > 0) throw new TooManyRequestsError(Math.max(1, Math.ceil(waitMs / 1000)), 'rate_limited');
    writes.record(userId, at);
    if (changeKey) changes.record(changeKey, at);
  });
}
