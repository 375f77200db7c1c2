import { consentsQuerySchema, consentsSchema, consentsUpdateSchema } from '@common/contract/consents';
import {
  childCreateSchema,
  familySchema,
  guardianLinkSchema,
  guardianParams,
  guardianRestrictionSchema,
  guardianSchema,
} from '@common/contract/family';
import { okResponseSchema, uuidParam } from '@common/contract/fields';
import { userSchema } from '@common/contract/user';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { HttpError } from '../../http-error';
import { authOf, requireAdmin } from '../../plugins/auth';
import { errorAnswers } from '../../plugins/error-answers';
import { runWrite } from '../../writes/run-write';
import { createChild } from './children.service';
import { readConsents, updateConsents } from './consents.service';
import { readFamily } from './family.service';
import { linkGuardian, restrictGuardian, unlinkGuardian } from './guardians.service';

/** Families (docs/rules.md#families): children, their guardians, and who may link whom. Signed-in routes. */
export async function familyRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get('/api/family', { schema: { response: { 200: familySchema } } }, (request) =>
    readFamily(deps, authOf(request).user),
  );

  routes.post(
    '/api/family/children',
    {
      schema: {
        body: childCreateSchema,
        response: { ...errorAnswers(409), 201: userSchema },
        description:
          'A child without a login (no email, no password), the caller its guardian; its username is made ' +
          'from its names. 400 on `birth_date` unless a minor; 409 `guardian_loop` when the caller is ' +
          'guarded; 409 `conflict` for a member with the same names and birth date, or past 10 children.',
      },
    },
    async (request, reply) => {
      const outcome = await runWrite(deps, (trx) =>
        createChild(deps, trx, authOf(request).user, request.body),
      );
      // Refused after the commit, so the Admins' notice of the duplicate is kept.
      if ('duplicate' in outcome) throw new HttpError(409, 'conflict');
      return reply.status(201).send(outcome.child);
    },
  );

  routes.post(
    '/api/user/:id/guardians',
    {
      schema: {
        params: uuidParam,
        body: guardianLinkSchema,
        response: { ...errorAnswers(403, 404, 409), 201: guardianSchema },
        description:
          'An Admin, or a guardian of the member, links the account with this `email` as a guardian (a new ' +
          'account is invited first). 409 `guardian_loop` (one level), 409 `conflict` past 3 guardians or ' +
          '10 children. The answer names the guardian only.',
      },
    },
    async (request, reply) => {
      const guardian = await runWrite(deps, (trx) =>
        linkGuardian(deps, trx, authOf(request).user, request.params.id, request.body),
      );
      return reply.status(201).send(guardian);
    },
  );

  routes.delete(
    '/api/user/:id/guardians/:guardianId',
    {
      schema: {
        params: guardianParams,
        response: { ...errorAnswers(403, 404), 200: okResponseSchema },
        description: 'An Admin, or that guardian leaving: the link ends, the child stays.',
      },
    },
    async (request) => {
      await runWrite(deps, (trx) =>
        unlinkGuardian(trx, authOf(request).user, request.params.id, request.params.guardianId),
      );
      return { ok: true as const };
    },
  );

  routes.put(
    '/api/user/:id/guardians/:guardianId',
    {
      schema: {
        params: guardianParams,
        body: guardianRestrictionSchema,
        response: { ...errorAnswers(404), 200: okResponseSchema },
        description: 'Admins only: a restricted guardian (a court order) finds the child nowhere.',
      },
      onRequest: requireAdmin,
    },
    async (request) => {
      await runWrite(deps, (trx) =>
        restrictGuardian(trx, request.params.id, request.params.guardianId, request.body.restricted),
      );
      return { ok: true as const };
    },
  );

  routes.get(
    '/api/user/:id/consents',
    {
      schema: {
        params: uuidParam,
        querystring: consentsQuerySchema,
        response: { ...errorAnswers(403, 404), 200: consentsSchema },
        description:
          "A member's consents for a season (the current one by default): for the member, their guardians, " +
          'Admins, and those who take attendance for an event the member holds a place in.',
      },
    },
    (request) => readConsents(deps, deps.db, authOf(request).user, request.params.id, request.query.season),
  );

  routes.put(
    '/api/user/:id/consents',
    {
      schema: {
        params: uuidParam,
        body: consentsUpdateSchema,
        response: { ...errorAnswers(403, 404), 200: consentsSchema },
        description:
          'An unrestricted guardian of a minor gives or withdraws the answers sent, for the season; the ' +
          'others stay. `by` and `at` are set by the server.',
      },
    },
    (request) =>
      runWrite(deps, (trx) =>
        updateConsents(deps, trx, authOf(request).user, request.params.id, request.body),
      ),
  );
}
