import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  confirmParamsSchema,
  confirmRequestSchema,
  registerRequestSchema,
  registerResponseSchema,
  resetRequestSchema,
} from '../../../src/common/contract/account';
import { okResponseSchema } from '../../../src/common/contract/fields';
import type { AppDeps } from '../../app-deps';
import { requireAdmin, requireUser } from '../../plugins/auth';
import { confirmAccount, register, resetPassword } from './accounts.service';

export async function accountsRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const perMinute = (max: number) => ({ rateLimit: { max, timeWindow: '1 minute' } });

  routes.post(
    '/api/user/register',
    {
      schema: { body: registerRequestSchema, response: { 200: registerResponseSchema } },
      onRequest: [requireUser(deps), requireAdmin],
    },
    (request) => register(deps, request.body),
  );

  routes.post(
    '/api/user/confirm/:token',
    {
      schema: {
        params: confirmParamsSchema,
        body: confirmRequestSchema,
        response: { 200: okResponseSchema },
      },
      config: perMinute(deps.config.rateLimits.confirm),
    },
    async (request) => {
      await confirmAccount(deps, request.params.token, request.body.password);
      return { ok: true as const };
    },
  );

  routes.post(
    '/api/user/reset',
    {
      schema: { body: resetRequestSchema, response: { 200: okResponseSchema } },
      config: perMinute(deps.config.rateLimits.reset),
    },
    async (request) => {
      await resetPassword(deps, request.body);
      return { ok: true as const };
    },
  );
}
