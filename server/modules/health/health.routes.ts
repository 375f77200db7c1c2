import { healthResponseSchema } from '@common/contract/settings';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { HttpError } from '../../http-error';
import { errorAnswers } from '../../plugins/error-answers';
import { databaseProbe } from './database-probe';
import { pingDatabase } from './health.repository';

export async function healthRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const databaseUp = databaseProbe(() => pingDatabase(deps.db));
  // The one answer it gives when all is well, checked against the contract once and sent as bytes.
  const healthy = Buffer.from(
    JSON.stringify(healthResponseSchema.parse({ status: 'ok', database: deps.dbKind })),
  );
  // Without the zod type provider: the answer is bytes, which its typing of the reply does not allow.
  app.get(
    '/api/health',
    { schema: { response: { ...errorAnswers(503), 200: healthResponseSchema } } },
    async (_request, reply) => {
      // 503, not 500: the server itself is fine, what it depends on is not (a probe may retry later).
      if (!(await databaseUp())) throw new HttpError(503, 'server_error');
      return reply.type('application/json; charset=utf-8').send(healthy);
    },
  );
}
