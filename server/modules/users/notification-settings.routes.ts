import { uuidParam } from '@common/contract/fields';
import { notificationSettingsSchema, notificationSettingUpdateSchema } from '@common/contract/notifications';
import { mayReadProfile } from '@common/rules/users';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { HttpError } from '../../http-error';
import { authOf, requireAdmin } from '../../plugins/auth';
import { errorAnswers } from '../../plugins/error-answers';
import {
  readSystemSwitches,
  readUserSwitches,
  toSettings,
  writeSystemSwitch,
  writeUserSwitch,
} from '../notifications/notification-settings.repository';
import { assertMayActOnAccount } from './member-access';
import { findUserById } from './users.repository';

/**
 * Signed-in routes (registered inside the signed-in scope): a member's notification preferences and the
 * club-wide switches. They live with the users (permissions, the account looked up) so that the
 * notifications module, which users' own services call to send mail, imports nothing back from here.
 */
export async function notificationSettingsRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const settingsResponse = { 200: notificationSettingsSchema };

  async function userOrNotFound(id: string) {
    const user = await findUserById(deps.db, id);
    if (!user) throw new HttpError(404, 'not_found');
    return user;
  }

  routes.get(
    '/api/user/preference/:id',
    { schema: { params: uuidParam, response: { ...settingsResponse, ...errorAnswers(403, 404) } } },
    async (request) => {
      const actor = authOf(request).user;
      if (!mayReadProfile(actor, request.params.id)) {
        // A guardian reads their child's switches; anyone else, nothing (docs/rules.md#families).
        const target = await findUserById(deps.db, request.params.id);
        if (!target) throw new HttpError(403, 'forbidden');
        await assertMayActOnAccount(deps, deps.db, actor, target, 'preferences', 'read');
      }
      await userOrNotFound(request.params.id);
      return toSettings(await readUserSwitches(deps.db, request.params.id));
    },
  );

  routes.put(
    '/api/user/preference/:id',
    {
      schema: {
        params: uuidParam,
        body: notificationSettingUpdateSchema,
        response: { ...settingsResponse, ...errorAnswers(403, 404) },
      },
    },
    async (request) => {
      const { id } = request.params;
      if (request.body.user_id !== undefined && request.body.user_id !== id) {
        throw new HttpError(400, 'invalid_input', 'user_id');
      }
      const actor = authOf(request).user;
      if (!mayReadProfile(actor, id)) {
        const target = await findUserById(deps.db, id);
        if (!target) throw new HttpError(403, 'forbidden');
      }
      await assertMayActOnAccount(deps, deps.db, actor, await userOrNotFound(id), 'preferences', 'edit');
      await writeUserSwitch(deps.db, id, request.body.setting.name, request.body.setting.active);
      return toSettings(await readUserSwitches(deps.db, id));
    },
  );

  // The club-wide switches. The path's id names the admin asking; it selects nothing.
  routes.get(
    '/api/user/system/settings/:id',
    { schema: { params: uuidParam, response: settingsResponse }, onRequest: requireAdmin },
    async () => toSettings(await readSystemSwitches(deps.db)),
  );

  routes.put(
    '/api/user/system/settings/:id',
    {
      schema: { params: uuidParam, body: notificationSettingUpdateSchema, response: settingsResponse },
      onRequest: requireAdmin,
    },
    async (request) => {
      await writeSystemSwitch(deps.db, request.body.setting.name, request.body.setting.active);
      return toSettings(await readSystemSwitches(deps.db));
    },
  );
}
