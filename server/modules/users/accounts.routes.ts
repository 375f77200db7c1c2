import {
  confirmParamsSchema,
  confirmRequestSchema,
  type PasswordSetResponse,
  passwordSetResponseSchema,
  resetRequestSchema,
} from '@common/contract/account';
import { loginRequestSchema, loginResponseSchema } from '@common/contract/user';
import { emailConfirmResponseSchema } from '@common/contract/users';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { runAfterAnswer } from '../../background';
import { HttpError } from '../../http-error';
import { errorAnswers } from '../../plugins/error-answers';
import { runWrite } from '../../writes/run-write';
import type { AccessEnded } from './access-ended';
import { confirmAccount, resetWithToken, strongPasswordHash } from './accounts.service';
import { login } from './auth.service';
import { confirmEmailChange } from './email-change.service';
import { askReset } from './reset-links.service';

/** Public routes (registered outside the signed-in scope): sign in, first password, reset. Rate-limited. */
export async function accountsRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  hooks: { onAccessEnded: AccessEnded },
): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const perMinute = (max: number) => ({ rateLimit: { max, timeWindow: '1 minute' } });

  // Not through runWrite: a failed sign-in must commit its count while the answer is a refusal (auth.service).
  routes.post(
    '/api/user/login',
    {
      schema: { body: loginRequestSchema, response: { ...errorAnswers(401, 403), 200: loginResponseSchema } },
      config: perMinute(deps.config.rateLimits.login),
    },
    (request) => login(deps, request.body, request.log),
  );

  routes.post(
    '/api/user/confirm/:token',
    {
      schema: {
        params: confirmParamsSchema,
        body: confirmRequestSchema,
        response: { 200: passwordSetResponseSchema },
        description:
          'Sets the first password through the invitation link (single use). Answers `{ok, token, user}` ' +
          'as a sign-in does, so the app signs the member in; 400 `token_invalid` when used or expired.',
      },
      config: perMinute(deps.config.rateLimits.confirm),
    },
    async (request) => {
      const passwordHash = await strongPasswordHash(request.body.password);
      return runWrite(deps, (trx) => confirmAccount(deps, trx, request.params.token, passwordHash));
    },
  );

  routes.post(
    '/api/user/email/confirm/:token',
    {
      schema: {
        params: confirmParamsSchema,
        response: { ...errorAnswers(400, 409), 200: emailConfirmResponseSchema },
        description:
          'The link mailed to a new address (`/confirm-email/{token}`, 24 h, single use) makes it the ' +
          "account's `email`. 400 `token_invalid` when used, expired or voided (a later change, a " +
          'revocation, a deletion); 409 `email_taken` when another account took the address meanwhile.',
      },
      config: perMinute(deps.config.rateLimits.confirm),
    },
    async (request) => {
      const email = await runWrite(deps, (trx) => confirmEmailChange(deps, trx, request.params.token));
      return { ok: true as const, email };
    },
  );

  routes.post(
    '/api/user/reset',
    {
      schema: {
        body: resetRequestSchema,
        response: { 200: passwordSetResponseSchema },
        description:
          '`{Ask}` answers `{ok}` at once, whatever the address. `{Reset}` sets the password, ends every ' +
          'session, and answers `{ok, token, user}` with a new one, as a sign-in does.',
      },
      config: perMinute(deps.config.rateLimits.reset),
    },
    async (request): Promise<PasswordSetResponse> => {
      const { Ask, Reset } = request.body;
      if (Ask) {
        // Answered at once, the lookup and any mail after: the same answer in the same time for any address.
        runAfterAnswer('reset ask', request.log, () =>
          runWrite(deps, (trx) => askReset(deps, trx, Ask.email)),
        );
      } else if (Reset) {
        const passwordHash = await strongPasswordHash(Reset.password);
        return runWrite(deps, (trx) =>
          resetWithToken(deps, trx, Reset.token, passwordHash, hooks.onAccessEnded),
        );
      } else {
        throw new HttpError(400, 'invalid_input', 'Ask');
      }
      return { ok: true as const };
    },
  );
}
