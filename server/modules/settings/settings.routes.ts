import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  DEFAULT_SLOGAN,
  settingQuerySchema,
  settingResponseSchema,
  sloganUpdateQuerySchema,
  startSettingsSchema,
} from '../../../src/common/contract/settings';
import { START_SETTINGS_PATH } from '../../../src/common/contract/start-paths';
import type { AppDeps } from '../../app-deps';
import { requireAdmin } from '../../plugins/auth';
import { logoUrl } from '../../plugins/public-files';
import { readSetting, writeSetting } from './settings.repository';

/** Public (registered outside the signed-in scope): the login screen shows the slogan and logo before anyone signs in. */
export async function publicSettingsRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/internal/settings',
    { schema: { querystring: settingQuerySchema, response: { 200: settingResponseSchema } } },
    async (request) => {
      const { key } = request.query;
      if (key === 'logo') return { key, value: logoUrl(deps.config) };
      if (key === 'timezone') return { key, value: deps.config.clubTimezone };
      if (key === 'address_search') return { key, value: deps.config.addressSearchUrl };
      return { key, value: (await readSetting(deps.db, 'slogan')) ?? DEFAULT_SLOGAN };
    },
  );

  routes.get(START_SETTINGS_PATH, { schema: { response: { 200: startSettingsSchema } } }, async () => ({
    timezone: deps.config.clubTimezone,
    slogan: (await readSetting(deps.db, 'slogan')) ?? DEFAULT_SLOGAN,
    logo: logoUrl(deps.config),
  }));
}

/** Signed-in routes (registered inside the signed-in scope). */
export async function settingsRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.put(
    '/api/internal/settings',
    {
      schema: { querystring: sloganUpdateQuerySchema, response: { 200: settingResponseSchema } },
      onRequest: requireAdmin,
    },
    async (request) => {
      await writeSetting(deps.db, 'slogan', request.query.value, deps.now());
      return { key: 'slogan' as const, value: request.query.value };
    },
  );
}
