import { rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { okResponseSchema, uuidParam } from '@common/contract/fields';
import { memberExportSchema } from '@common/contract/member-export';
import { accountDeletionBodySchema } from '@common/contract/users';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { HttpError } from '../../http-error';
import { authOf } from '../../plugins/auth';
import { errorAnswers } from '../../plugins/error-answers';
import { publicFilesDir } from '../../plugins/public-files';
import { runWrite } from '../../writes/run-write';
import type { AccessEnded } from '../users/access-ended';
import { assertSelfOrAdmin } from '../users/permissions';
import { findUserById } from '../users/users.repository';
import { deleteAccount } from './account-deletion.service';
import { memberExportJson } from './member-export';

/** Signed-in: a member's own data, theirs to take (GDPR art. 15 and 20), and leaving (art. 17). */
export async function privacyRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  hooks: { onAccessEnded: AccessEnded },
): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get(
    '/api/user/export/:id',
    {
      schema: {
        params: uuidParam,
        response: { ...errorAnswers(403, 404), 200: memberExportSchema },
        description:
          'The member themself or an Admin. A JSON file (Content-Disposition: attachment) with everything ' +
          'the club keeps about the member; written as it is read, so a long history does not time out.',
      },
    },
    async (request, reply) => {
      const actor = authOf(request).user;
      assertSelfOrAdmin(actor, request.params.id);
      const user = await findUserById(deps.db, request.params.id);
      if (!user || user.deleted_at) throw new HttpError(404, 'not_found', 'id');
      const json = memberExportJson(deps.db, user, publicFilesDir(deps.config), deps.now());
      return reply
        .type('application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="equipee-${user.username}.json"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(json));
    },
  );

  routes.delete(
    '/api/user/:id',
    {
      schema: {
        params: uuidParam,
        body: accountDeletionBodySchema,
        response: { ...errorAnswers(403, 404, 409), 200: okResponseSchema },
        description:
          'The member themself, with their `password` (403 `password_incorrect` when wrong), or an Admin ' +
          '(never an Admin on a SuperAdmin; never the last SuperAdmin: 409 `last_superadmin`). Sessions, ' +
          'feed, push devices and upcoming places end; identity, contact data and picture are erased; ' +
          'attendance rows stay, shown as a deleted member; an audit row records who deleted whom.',
      },
    },
    async (request) => {
      const { id } = request.params;
      await runWrite(deps, (trx) =>
        deleteAccount(deps, trx, authOf(request).user, id, request.body, hooks.onAccessEnded),
      );
      // Files cannot roll back with the transaction: they go once the deletion is committed.
      const profileDir = path.join(publicFilesDir(deps.config), 'profile');
      await rm(path.join(profileDir, `${id}.png`), { force: true });
      await rm(path.join(profileDir, `thumbnail-${id}.png`), { force: true });
      return { ok: true as const };
    },
  );
}
