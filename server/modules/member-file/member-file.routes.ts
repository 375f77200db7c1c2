import { clubDayField, uuidParam } from '@common/contract/fields';
import { dossierSchema, healthUpdateRequestSchema, licenceSchema } from '@common/contract/member-file';
import { z } from '@common/contract/zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { authOf } from '../../plugins/auth';
import { errorAnswers } from '../../plugins/error-answers';
import { runWrite } from '../../writes/run-write';
import { readDossier } from './dossier.service';
import { readMemberFile, recordLicence, replaceHealth } from './member-file.service';
import { healthListSchema, licenceAnswerSchema, memberFileSchema } from './member-file-shapes';
import { toSettleRoutes } from './to-settle.routes';

/** The member's file (docs/rules.md#members-file): the licence and the health items. Signed-in routes. */
export async function memberFileRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.put(
    '/api/user/:id/licence',
    {
      schema: {
        params: uuidParam,
        body: licenceSchema,
        response: { ...errorAnswers(403, 404), 200: licenceAnswerSchema },
        description:
          "Records the member's licence for a season (that season's licence replaced): an Admin who may " +
          'change the account. 400 on `type` when the club has named its licence types and this is not one.',
      },
    },
    (request) =>
      runWrite(deps, (trx) =>
        recordLicence(deps, trx, authOf(request).user, request.params.id, request.body),
      ),
  );

  routes.put(
    '/api/user/:id/health',
    {
      schema: {
        params: uuidParam,
        body: healthUpdateRequestSchema,
        response: { ...errorAnswers(403, 404), 200: healthListSchema },
        description:
          "Replaces the member's health items (dates and attestations from a closed list): the member, an " +
          'unrestricted guardian of a minor, or an Admin. 400 on `items` for a date after today (club time); ' +
          '403 when a member or guardian would remove an item an Admin recorded.',
      },
    },
    (request) =>
      runWrite(deps, (trx) =>
        replaceHealth(deps, trx, authOf(request).user, request.params.id, request.body),
      ),
  );

  routes.get(
    '/api/user/:id/member-file',
    {
      schema: {
        params: uuidParam,
        response: { ...errorAnswers(403, 404), 200: memberFileSchema },
        description:
          "The member's licences (newest season first) and health items: for the member, an unrestricted " +
          'guardian of a minor, and Admins; health data, so never for organisers.',
      },
    },
    (request) => readMemberFile(deps, deps.db, authOf(request).user, request.params.id),
  );

  routes.get(
    '/api/user/:id/dossier',
    {
      schema: {
        params: uuidParam,
        querystring: z.object({ date: clubDayField.optional() }),
        response: { ...errorAnswers(403, 404), 200: dossierSchema },
        description:
          "The member's file status on a club day (today by default): `ok`, `soon`, `missing`, `expired` or " +
          "`unknown`, with its reasons, under the club's preset; for the member, a guardian, Admins.",
      },
    },
    (request) => readDossier(deps, deps.db, authOf(request).user, request.params.id, request.query.date),
  );

  toSettleRoutes(app, deps);
}
