import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { healthResponseSchema } from '../../../src/common/contract/settings';
import type { AppDeps } from '../../app-deps';

export async function healthRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get('/api/health', { schema: { response: { 200: healthResponseSchema } } }, async () => {
      await sql`select 1`.execute(deps.db);
      return { status: 'ok' as const, database: deps.dbKind };
    });
}
