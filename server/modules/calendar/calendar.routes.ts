import {
  CALENDAR_FEED_PATH,
  calendarFeedCreatedSchema,
  calendarFeedStatusSchema,
  calendarFileParamsSchema,
} from '@common/contract/calendar-feed';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { HttpError } from '../../http-error';
import { authOf } from '../../plugins/auth';
import { errorAnswers } from '../../plugins/error-answers';
import { textAnswer } from '../../plugins/text-answer';
import { runWrite } from '../../writes/run-write';
import { createFeed, feedStatus, feedText, revokeFeed } from './calendar-feed.service';

// The feed may be kept a few minutes by the member's own calendar app, never by a shared cache. Set in a
// route hook, which runs after the app-wide one that marks every /api answer `no-store`.
const FEED_CACHE_CONTROL = 'private, max-age=300';

async function feedCacheHeader(_request: unknown, reply: FastifyReply, payload: unknown) {
  if (reply.statusCode === 200) reply.header('cache-control', FEED_CACHE_CONTROL);
  return payload;
}

/**
 * Public (outside the signed-in scope): the feed itself. Calendar apps send no Authorization header, so
 * the token in the path is the credential: anything but a live feed answers 404 (never 401/403, which
 * would tell a guesser a token once existed), rate-limited per client IP like the other token routes, and
 * the logger scrubs the path (logger.ts).
 */
export async function calendarFeedRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get(
    '/api/calendar/:file',
    {
      schema: {
        description:
          "A member's private iCalendar feed: `/api/calendar/{token}.ics` (the token is the credential).",
        params: calendarFileParamsSchema,
        response: {
          ...errorAnswers(404),
          200: textAnswer(
            'text/calendar',
            'The iCalendar (RFC 5545) of the events the member holds a place in.',
          ),
        },
      },
      config: { rateLimit: { max: deps.config.rateLimits.calendar, timeWindow: '1 minute' } },
      onSend: feedCacheHeader,
    },
    async (request, reply) => {
      const text = await feedText(deps, request.params.file);
      if (text === null) throw new HttpError(404, 'not_found');
      return reply.type('text/calendar; charset=utf-8').send(text);
    },
  );
}

/** Signed-in routes: the member's own feed — create or regenerate, whether one is active, revoke. */
export async function calendarAccountRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(CALENDAR_FEED_PATH, { schema: { response: { 200: calendarFeedCreatedSchema } } }, (request) =>
    runWrite(deps, (trx) => createFeed(deps, trx, authOf(request).user.id)),
  );

  routes.get(CALENDAR_FEED_PATH, { schema: { response: { 200: calendarFeedStatusSchema } } }, (request) =>
    feedStatus(deps, authOf(request).user.id),
  );

  routes.delete(
    CALENDAR_FEED_PATH,
    { schema: { response: { 204: z.undefined().describe('Done: no content.') } } },
    async (request, reply) => {
      await runWrite(deps, (trx) => revokeFeed(trx, authOf(request).user.id));
      return reply.status(204).send();
    },
  );
}
