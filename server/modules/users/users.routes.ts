import { registerRequestSchema, registerResponseSchema } from '@common/contract/account';
import { uuidParam } from '@common/contract/fields';
import { invitationResentSchema } from '@common/contract/invitation';
import { userSchema } from '@common/contract/user';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { authOf, requireAdmin } from '../../plugins/auth';
import { errorAnswers } from '../../plugins/error-answers';
import { runWrite } from '../../writes/run-write';
import { register } from './accounts.service';
import { logout } from './auth.service';
import { resendInvitation } from './invitation.service';
import { toUser } from './user-mapper';

/** Signed-in routes (registered inside the signed-in scope): who am I, sign out, invite a member or again. */
export async function usersRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get('/api/user/me', { schema: { response: { 200: userSchema } } }, (request) =>
    toUser(authOf(request).user, deps.now()),
  );

  routes.post(
    '/api/user/logout',
    { schema: { response: { 204: z.undefined().describe('Done: no content.') } } },
    async (request, reply) => {
      await logout(deps, authOf(request).tokenHash);
      return reply.status(204).send();
    },
  );

  routes.post(
    '/api/user/register',
    {
      schema: {
        body: registerRequestSchema,
        response: { ...errorAnswers(409), 200: registerResponseSchema },
      },
      onRequest: requireAdmin,
    },
    (request) => runWrite(deps, (trx) => register(deps, trx, authOf(request).user, request.body)),
  );

  routes.post(
    '/api/user/:id/invitation',
    {
      schema: {
        params: uuidParam,
        response: { 200: invitationResentSchema, ...errorAnswers(403, 404, 409, 429) },
        description:
          'Mails an account that never confirmed a new invitation link (7 days, single use), voiding the earlier ' +
          "one. For an Admin who may change the account's role (403 otherwise); 409 `account_revoked`, or " +
          '`invitation_not_pending` when the account is confirmed or has no address; 429 `too_many_requests` ' +
          'within 5 minutes of the last link. `confirm_url` only when no mail will carry the link.',
      },
      onRequest: requireAdmin,
    },
    (request) =>
      runWrite(deps, (trx) => resendInvitation(deps, trx, authOf(request).user, request.params.id)),
  );
}
