import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  DEFAULT_SLOGAN,
  settingQuerySchema,
  settingResponseSchema,
} from '../../../src/common/contract/settings';
import type { AppDeps } from '../../app-deps';
import { LOGO_URL } from '../../plugins/public-files';
import { readSetting } from './settings.repository';

export async function settingsRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  // Public: the login screen shows the club's slogan and logo before anyone signs in.
  routes.get(
    '/api/internal/settings',
    { schema: { querystring: settingQuerySchema, response: { 200: settingResponseSchema } } },
    async (request) => {
      const { key } = request.query;
      if (key === 'logo') return { key, value: LOGO_URL };
      return { key, value: (await readSetting(deps.db, 'slogan')) ?? DEFAULT_SLOGAN };
    },
  );
}
