import { okResponseSchema, uuidParam } from '@common/contract/fields';
import { adminUserSchema, userSchema } from '@common/contract/user';
import {
  emailChangeSchema,
  passwordChangeSchema,
  profileUpdateSchema,
  roleUpdateSchema,
  statusUpdateSchema,
} from '@common/contract/users';
import { asksOwnPassword } from '@common/rules/users';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { authOf, requireAdmin } from '../../plugins/auth';
import { errorAnswers } from '../../plugins/error-answers';
import { runWrite } from '../../writes/run-write';
import type { AccessEnded } from './access-ended';
import type { GiveChildLogin } from './child-login-hook';
import { changeEmail } from './email-change.service';
import { changeOwnPassword } from './password-change.service';
import { confirmOwnPassword } from './password-prompt.service';
import { getProfile, listAllUsers, updateProfile, updateRole, updateStatus } from './users.service';

/** Signed-in routes (registered inside the signed-in scope). */
export async function profilesRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  hooks: { onAccessEnded: AccessEnded; giveChildLogin: GiveChildLogin },
): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const userResponse = { 200: userSchema };

  routes.get(
    '/api/user',
    { schema: { response: { 200: z.array(adminUserSchema) } }, onRequest: requireAdmin },
    () => listAllUsers(deps),
  );

  routes.get(
    '/api/user/profile/:id',
    {
      schema: {
        params: uuidParam,
        response: { 200: adminUserSchema, ...errorAnswers(403, 404) },
        description:
          'The member themself, a guardian, or an Admin. An Admin also reads `is_confirmed`, ' +
          '`invitation_sent_at` and `email_bouncing_since`; they are absent for anyone else.',
      },
    },
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
        response: { ...userResponse, ...errorAnswers(401, 403, 404, 409) },
        description:
          'Asks for a new address: the answer is the User with `email` unchanged and `pending_email` set; a ' +
          'link valid 24 h goes to the new address (`POST /api/user/email/confirm/{token}` applies it and ' +
          'clears `email_bouncing`) and the address in use is told at once. A second request voids the first ' +
          'link; the address in use withdraws it. The member themself sends `password` (403 ' +
          '`password_incorrect`, 401 `invalid_credentials` while locked: both count toward the lock); an admin ' +
          'who may change their role sends none. 409 `email_taken`.',
      },
    },
    async (request) => {
      const actor = authOf(request).user;
      // A child without a login gets one: its address now, and the invitation (docs/rules.md#families).
      const given = await runWrite(deps, (trx) =>
        hooks.giveChildLogin(deps, trx, actor, request.params.id, request.body.email),
      );
      if (given) return given;
      if (asksOwnPassword('email', actor.id, request.params.id)) {
        await confirmOwnPassword(deps, actor.id, request.body.password ?? '', request.log);
      }
      return runWrite(deps, (trx) => changeEmail(deps, trx, actor, request.params.id, request.body));
    },
  );

  routes.put(
    '/api/user/password/:id',
    {
      schema: {
        params: uuidParam,
        body: passwordChangeSchema,
        response: { ...errorAnswers(400, 401, 403, 404), 200: okResponseSchema },
        description:
          'The member themself only (403 for anyone else), with their current `password` (403 ' +
          '`password_incorrect`, 401 `invalid_credentials` while locked: both count toward the lock) and a ' +
          '`new_password` as strong as a reset asks (400 `password_too_weak`). Every other session ends.',
      },
    },
    async (request) => {
      const { user, tokenHash } = authOf(request);
      await changeOwnPassword(deps, user.id, request.params.id, request.body, tokenHash, request.log);
      return { ok: true as const };
    },
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
