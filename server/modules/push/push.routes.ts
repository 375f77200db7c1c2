import {
  PUSH_PUBLIC_KEY_PATH,
  PUSH_SUBSCRIPTION_PATH,
  pushPublicKeySchema,
  pushSubscriptionSchema,
  pushUnsubscribeSchema,
} from '@common/contract/push';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { authOf } from '../../plugins/auth';
import { realPushNetwork } from '../../push-network';
import { runWrite } from '../../writes/run-write';
import { assertAcceptedEndpoint, removeSubscription, saveSubscription } from './push.service';
import { loadVapidKeys } from './vapid-keys';

/** Signed-in routes: web push on the caller's own devices. */
export async function pushRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const publicKey = loadVapidKeys(deps.config).publicKey;

  routes.get(
    PUSH_PUBLIC_KEY_PATH,
    {
      schema: {
        description: "The server's VAPID public key: the browser's `applicationServerKey` to subscribe with.",
        response: { 200: pushPublicKeySchema },
      },
    },
    async () => ({ public_key: publicKey }),
  );

  routes.put(
    PUSH_SUBSCRIPTION_PATH,
    {
      schema: {
        description:
          "Stores this device's push subscription (the browser's PushSubscription JSON) for the caller; " +
          'the endpoint must be https. The same endpoint again updates its keys (or moves it to the caller).',
        body: pushSubscriptionSchema,
        response: { 204: z.undefined().describe('Done: no content.') },
      },
    },
    async (request, reply) => {
      await assertAcceptedEndpoint(deps.pushNetwork ?? realPushNetwork, request.body.endpoint);
      await runWrite(deps, (trx) =>
        saveSubscription(
          trx,
          authOf(request).user.id,
          request.body,
          request.headers['user-agent'],
          deps.now(),
        ),
      );
      return reply.status(204).send();
    },
  );

  routes.delete(
    PUSH_SUBSCRIPTION_PATH,
    {
      schema: {
        description: "Removes one of the caller's push subscriptions (idempotent).",
        body: pushUnsubscribeSchema,
        response: { 204: z.undefined().describe('Done: no content.') },
      },
    },
    async (request, reply) => {
      await runWrite(deps, (trx) => removeSubscription(trx, authOf(request).user.id, request.body.endpoint));
      return reply.status(204).send();
    },
  );
}
