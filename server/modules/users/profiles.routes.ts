import { uuidParam } from '@common/contract/fields';
import { userSchema } from '@common/contract/user';
import {
  emailChangeSchema,
  profileUpdateSchema,
  roleUpdateSchema,
  statusUpdateSchema,
} from '@common/contract/users';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { authOf, requireAdmin } from '../../plugins/auth';
import { errorAnswers } from '../../plugins/error-answers';
import { runWrite } from '../../writes/run-write';
import type { AccessEnded } from './access-ended';
import { changeEmail } from './email-change.service';
import { getProfile, listAllUsers, updateProfile, updateRole, updateStatus } from './users.service';

/** Signed-in routes (registered inside the signed-in scope). */
export async function profilesRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  hooks: { onAccessEnded: AccessEnded },
): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const userResponse = { 200: userSchema };

  routes.get(
    '/api/user',
    { schema: { response: { 200: z.array(userSchema) } }, onRequest: requireAdmin },
    () => listAllUsers(deps),
  );

  routes.get(
    '/api/user/profile/:id',
    { schema: { params: uuidParam, response: { ...userResponse, ...errorAnswers(403, 404) } } },
    (request) => getProfile(deps, authOf(request).user, request.params.id),
  );

  routes.put(
    '/api/user/profile/update/:id',
    {
      schema: {
        params: uuidParam,
        body: profileUpdateSchema,
        response: { ...userResponse, ...errorAnswers(403, 404, 409) },
      },
    },
    (request) =>
      runWrite(deps, (trx) =>
        updateProfile(deps, trx, authOf(request).user, request.params.id, request.body),
      ),
  );

  routes.put(
    '/api/user/email/:id',
    {
      schema: {
        params: uuidParam,
        body: emailChangeSchema,
        response: { ...userResponse, ...errorAnswers(403, 404, 409) },
        description:
          'A new address, which clears `email_bouncing`. The member themself sends `password` ' +
          '(403 `password_incorrect`); an admin (never an Admin on a SuperAdmin) sends none. 409 `email_taken`.',
      },
    },
    (request) =>
      runWrite(deps, (trx) => changeEmail(deps, trx, authOf(request).user, request.params.id, request.body)),
  );

  routes.put(
    '/api/user/role/:id',
    {
      schema: {
        params: uuidParam,
        body: roleUpdateSchema,
        response: { ...userResponse, ...errorAnswers(404) },
      },
      onRequest: requireAdmin,
    },
    (request) =>
      runWrite(deps, (trx) =>
        updateRole(deps, trx, authOf(request).user, request.params.id, request.body.role_name),
      ),
  );

  routes.put(
    '/api/user/status/:id',
    {
      schema: {
        params: uuidParam,
        body: statusUpdateSchema,
        response: { ...userResponse, ...errorAnswers(404) },
      },
      onRequest: requireAdmin,
    },
    (request) =>
      runWrite(deps, (trx) =>
        updateStatus(deps, trx, authOf(request).user, request.params.id, request.body, hooks.onAccessEnded),
      ),
  );
}
