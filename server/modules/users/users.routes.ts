import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { loginRequestSchema, loginResponseSchema, userSchema } from '../../../src/common/contract/user';
import type { AppDeps } from '../../app-deps';
import { authOf, requireUser } from '../../plugins/auth';
import { login, logout } from './auth.service';
import { toUser } from './user-mapper';

export async function usersRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = requireUser(deps);

  routes.post(
    '/api/user/login',
    {
      schema: { body: loginRequestSchema, response: { 200: loginResponseSchema } },
      config: { rateLimit: { max: deps.config.rateLimits.login, timeWindow: '1 minute' } },
    },
    (request) => login(deps, request.body),
  );

  routes.get('/api/user/me', { schema: { response: { 200: userSchema } }, onRequest: signedIn }, (request) =>
    toUser(authOf(request).user, deps.now()),
  );

  routes.post(
    '/api/user/logout',
    { schema: { response: { 204: z.null() } }, onRequest: signedIn },
    async (request, reply) => {
      await logout(deps, authOf(request).tokenHash);
      return reply.status(204).send(null);
    },
  );
}
