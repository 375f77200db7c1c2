import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { healthResponseSchema } from '../../../src/common/contract/settings';
import type { AppDeps } from '../../app-deps';
import { pingDatabase } from './health.repository';

export async function healthRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get('/api/health', { schema: { response: { 200: healthResponseSchema } } }, async () => {
      await pingDatabase(deps.db);
      return { status: 'ok' as const, database: deps.dbKind };
    });
}
