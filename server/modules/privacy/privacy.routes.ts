import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { uuidParam } from '../../../src/common/contract/fields';
import { memberExportSchema } from '../../../src/common/contract/member-export';
import type { AppDeps } from '../../app-deps';
import { HttpError } from '../../http-error';
import { authOf } from '../../plugins/auth';
import { errorAnswers } from '../../plugins/error-answers';
import { publicFilesDir } from '../../plugins/public-files';
import { assertSelfOrAdmin } from '../users/permissions';
import { findUserById } from '../users/users.repository';
import { memberExportJson } from './member-export';

/** Signed-in: a member's own data, theirs to take (issue 29, GDPR art. 15 and 20). */
export async function privacyRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
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
      if (!user) throw new HttpError(404, 'not_found', 'id');
      const json = memberExportJson(deps.db, user, publicFilesDir(deps.config), deps.now());
      return reply
        .type('application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="equipee-${user.username}.json"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(json));
    },
  );
}
