import { mailSenderSchema, testMailResponseSchema } from '@common/contract/email-settings';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { senderOf } from '../../mail/transport';
import { authOf, requireAdmin } from '../../plugins/auth';
import { errorAnswers } from '../../plugins/error-answers';
import { runWrite } from '../../writes/run-write';
import { sendTestMail } from './test-mail.service';

/**
 * Signed-in routes (registered inside the signed-in scope), Admins only: who the club's mails come from, and a test
 * mail to oneself (docs/rules.md#mails). The club-wide switches are in notification-settings.routes.ts.
 */
export async function emailSettingsRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/internal/email-settings',
    {
      schema: {
        response: { 200: mailSenderSchema },
        description:
          "The club's sender as every mail carries it: the From's display name and address (MAIL_FROM), and the " +
          'Reply-To (MAIL_REPLY_TO; null when unset, so answers go to the From). A group mail shows its organiser.',
      },
      onRequest: requireAdmin,
    },
    () => senderOf(deps.config),
  );

  routes.post(
    '/api/internal/email-settings/test',
    {
      schema: {
        response: { 202: testMailResponseSchema, ...errorAnswers(409, 429) },
        description:
          "Queues a test mail to the Admin's own address, through the club's mail queue and server; answers 202 " +
          'with the address. At most one a minute per Admin (429 `too_many_requests` with Retry-After).',
      },
      onRequest: requireAdmin,
    },
    async (request, reply) => {
      const sent = await runWrite(deps, (trx) => sendTestMail(deps, trx, authOf(request).user));
      return reply.status(202).send(sent);
    },
  );
}
