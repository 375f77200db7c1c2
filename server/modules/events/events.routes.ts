import {
  type EventDto,
  eventInputSchema,
  eventRangeParamsSchema,
  eventSchema,
  modelStartSchema,
  ORGANISERS_PATH,
  organiserSchema,
} from '@common/contract/event';
import { okResponseSchema, uuidParam } from '@common/contract/fields';
import { groupMailRequestSchema } from '@common/contract/participation';
import { type Actor, mayCreateEvent } from '@common/rules/events';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { currentClub } from '../../db/club-scope/current-club';
import type { Database } from '../../db/schema';
import { assertAllowed } from '../../http-error';
import { authOf, viewerOf } from '../../plugins/auth';
import { errorAnswers } from '../../plugins/error-answers';
import { sendJsonWithWeakETag } from '../../plugins/weak-etag';
import { runWrite } from '../../writes/run-write';
import { withVenueFacts } from '../family/venue-facts.service';
import { organiserCandidates } from './co-organisers.repository';
import { eventDto } from './event-details';
import { viewedBy } from './event-view';
import { type AfterEventUpdate, deleteEvent, saveEvent } from './events.service';
import { sendGroupMail } from './group-mail.service';
import { keptAnswers } from './kept-answers';
import { withKitState } from './kit-state';
import { modelStart } from './model-start';
import { buildWeek, type KeptWeek, weekBounds, weekFor } from './week-read';

/**
 * The weeks' bytes kept per process, all clubs together: the few weeks each club browses around today. A
 * week of 10 events with 30 members each is some 130 kB, so 32 MiB keep some 250 of them (the events they
 * were built from are kept beside the bytes, for readers shown a shaped copy: about as much again).
 */
const WEEKS_KEPT_BYTES = 32 * 1024 * 1024;

/** Signed-in routes (registered inside the signed-in scope). */
export async function eventsRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  hooks: {
    afterUpdate: AfterEventUpdate;
    /** The reader's file and, for organisers, each subscriber's (docs/rules.md#members-file). */
    withDossiers: (db: Kysely<Database>, reader: Actor, event: EventDto) => Promise<EventDto>;
  },
): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const weeks = keptAnswers<KeptWeek>(WEEKS_KEPT_BYTES);

  routes.post(
    '/api/event/add-or-update',
    { schema: { body: eventInputSchema, response: { ...errorAnswers(403, 404, 409), 200: eventSchema } } },
    (request) =>
      runWrite(deps, async (trx) => {
        const user = authOf(request).user;
        const saved = await saveEvent(deps, trx, user, request.body, hooks.afterUpdate);
        return viewedBy(trx, user, saved);
      }),
  );

  routes.delete(
    '/api/event/delete/:id',
    {
      schema: {
        params: uuidParam,
        response: { ...errorAnswers(403, 404, 409), 204: z.undefined().describe('Done: no content.') },
      },
    },
    async (request, reply) => {
      await runWrite(deps, (trx) => deleteEvent(deps, trx, authOf(request).user, request.params.id));
      return reply.status(204).send();
    },
  );

  routes.get(
    '/api/event/from/:from/to/:to',
    // The hot read of every screen: answered from the week kept at the data version the session check
    // read (see kept-answers.ts), with a weak ETag and 304 for a range the sync engine already holds.
    {
      schema: {
        params: eventRangeParamsSchema,
        response: {
          200: z.array(eventSchema),
          304: z.undefined().describe('Not modified: the range is still what the If-None-Match tag names.'),
        },
      },
    },
    async (request, reply) => {
      const { from, to } = request.params;
      // Keyed by the days as given (the contract allows one spelling of a day); the bounds, whose time
      // zone arithmetic costs, are worked out only when the week is built.
      const club = currentClub();
      const week = await weeks.get(
        `${from}/${to}`,
        authOf(request).dataVersion,
        async () => {
          const { start, end } = weekBounds(from, to, club.timezone);
          return buildWeek(deps.db, start, end);
        },
        String(club.id),
      );
      return sendJsonWithWeakETag(request, reply, weekFor(week, viewerOf(authOf(request))));
    },
  );

  routes.get(
    ORGANISERS_PATH,
    { schema: { response: { ...errorAnswers(403), 200: z.array(organiserSchema) } } },
    async (request) => {
      assertAllowed(mayCreateEvent(authOf(request).user));
      return organiserCandidates(deps.db);
    },
  );

  routes.get(
    '/api/event/model-start/:id',
    { schema: { params: uuidParam, response: { ...errorAnswers(403, 404), 200: modelStartSchema } } },
    async (request) => {
      assertAllowed(mayCreateEvent(authOf(request).user));
      return modelStart(deps.db, request.params.id, currentClub().timezone);
    },
  );

  routes.get(
    '/api/event/:id',
    { schema: { params: uuidParam, response: { ...errorAnswers(404), 200: eventSchema } } },
    async (request) => {
      const reader = authOf(request).user;
      const event = await viewedBy(
        deps.db,
        viewerOf(authOf(request)),
        await eventDto(deps.db, request.params.id),
      );
      const atVenue = await withKitState(deps.db, reader, await withVenueFacts(deps, deps.db, reader, event));
      return hooks.withDossiers(deps.db, reader, atVenue);
    },
  );

  routes.post(
    '/api/event/mail',
    {
      schema: {
        body: groupMailRequestSchema,
        response: { ...errorAnswers(403, 404, 429), 200: okResponseSchema },
      },
    },
    async (request) => {
      await runWrite(deps, (trx) => sendGroupMail(deps, trx, authOf(request).user, request.body));
      return { ok: true as const };
    },
  );
}
