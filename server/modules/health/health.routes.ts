import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { healthResponseSchema } from '../../../src/common/contract/settings';
import type { AppDeps } from '../../app-deps';
import { HttpError } from '../../http-error';
import { databaseProbe } from './database-probe';
import { pingDatabase } from './health.repository';

export async function healthRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const databaseUp = databaseProbe(() => pingDatabase(deps.db));
  app
    .withTypeProvider<ZodTypeProvider>()
    .get('/api/health', { schema: { response: { 200: healthResponseSchema } } }, async () => {
      // 503, not 500: the server itself is fine, what it depends on is not (a probe may retry later).
      if (!(await databaseUp())) throw new HttpError(503, 'server_error');
      return { status: 'ok' as const, database: deps.dbKind };
    });
}
