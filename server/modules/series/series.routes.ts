import { uuidParam } from '@common/contract/fields';
import {
  SERIES_PATH,
  seriesCreateSchema,
  seriesSchema,
  seriesSubscribeAnswerSchema,
  seriesSubscribeSchema,
  seriesUpdateSchema,
} from '@common/contract/series';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { authOf, viewerOf } from '../../plugins/auth';
import { errorAnswers } from '../../plugins/error-answers';
import { runWrite } from '../../writes/run-write';
import { sessionsViewedBy } from '../events/event-view';
import type { AfterEventUpdate } from '../events/events.service';
import { createSeries, seriesDto } from './series.service';
import { subscribeSeries } from './series-subscribe.service';
import { updateSeries } from './series-update.service';

/**
 * Training series (docs/rules.md#series), signed-in routes. Online only (never queued by the app), so no
 * Idempotency-Key. The static `series` segment wins over `/api/event/:id` in the router.
 */
export async function seriesRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  hooks: { afterUpdate: AfterEventUpdate },
): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    SERIES_PATH,
    { schema: { body: seriesCreateSchema, response: { ...errorAnswers(403, 404, 409), 200: seriesSchema } } },
    (request) =>
      runWrite(deps, async (trx) =>
        sessionsViewedBy(
          trx,
          viewerOf(authOf(request)),
          await createSeries(deps, trx, authOf(request).user, request.body),
        ),
      ),
  );

  routes.get(
    `${SERIES_PATH}/:id`,
    { schema: { params: uuidParam, response: { ...errorAnswers(404), 200: seriesSchema } } },
    async (request) =>
      sessionsViewedBy(deps.db, viewerOf(authOf(request)), await seriesDto(deps.db, request.params.id)),
  );

  routes.put(
    `${SERIES_PATH}/:id`,
    {
      schema: {
        params: uuidParam,
        body: seriesUpdateSchema,
        response: { ...errorAnswers(403, 404, 409), 200: seriesSchema },
      },
    },
    (request) =>
      runWrite(deps, async (trx) =>
        sessionsViewedBy(
          trx,
          viewerOf(authOf(request)),
          await updateSeries(
            deps,
            trx,
            authOf(request).user,
            request.params.id,
            request.body,
            hooks.afterUpdate,
          ),
        ),
      ),
  );

  routes.put(
    `${SERIES_PATH}/:id/subscribe`,
    {
      schema: {
        params: uuidParam,
        body: seriesSubscribeSchema,
        response: { ...errorAnswers(403, 404, 409), 200: seriesSubscribeAnswerSchema },
      },
    },
    // Each session in its own transaction (series-subscribe.service.ts), so no runWrite around it all.
    (request) => subscribeSeries(deps, authOf(request).user, request.params.id, request.body),
  );
}
