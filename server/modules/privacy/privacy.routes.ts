import { rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { okResponseSchema, uuidParam } from '@common/contract/fields';
import { memberExportSchema } from '@common/contract/member-export';
import type { Language } from '@common/contract/user';
import { accountDeletionBodySchema } from '@common/contract/users';
import { clubDayOf } from '@common/rules/club-time';
import { memberDataFileName } from '@common/rules/file-names';
import { asksOwnPassword, mayReadProfile } from '@common/rules/users';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { currentClub } from '../../db/club-scope/current-club';
import type { UserRow } from '../../db/schema';
import { HttpError } from '../../http-error';
import { catalogueText, languageFromHeader } from '../../i18n/catalogue';
import { authOf } from '../../plugins/auth';
import { errorAnswers } from '../../plugins/error-answers';
import { publicFilesDir } from '../../plugins/public-files';
import { textAnswer } from '../../plugins/text-answer';
import { runWrite } from '../../writes/run-write';
import { readPageBrand } from '../settings/club-settings';
import type { AccessEnded } from '../users/access-ended';
import { assertMayActOnAccount } from '../users/member-access';
import { confirmOwnPassword } from '../users/password-prompt.service';
import { findUserById } from '../users/users.repository';
import { deleteAccount } from './account-deletion.service';
import { memberExportJson } from './member-export';
import { memberExportHtml } from './member-export-page';

/** Signed-in: a member's own data, theirs to take (GDPR art. 15 and 20), and leaving (art. 17). */
export async function privacyRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  hooks: { onAccessEnded: AccessEnded },
): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  /**
   * The member an export is about, once the actor may take it: a stranger learns nothing, not even whether the
   * account exists; a guardian exports their child's.
   */
  const exportTarget = async (actor: UserRow, id: string) => {
    const user = await findUserById(deps.db, id);
    if (!user || user.deleted_at) {
      throw mayReadProfile(actor, id)
        ? new HttpError(404, 'not_found', 'id')
        : new HttpError(403, 'forbidden');
    }
    await assertMayActOnAccount(deps, deps.db, actor, user, 'export', 'edit');
    return user;
  };
  // « donnees-lena-bosser-2026-11-29.json »: the member's names and the club day (docs/rules.md#file-names).
  const fileName = (user: UserRow, language: Language, extension: 'json' | 'html') =>
    memberDataFileName(
      catalogueText(language, 'fileNames', 'member_data'),
      user.first_name || user.last_name ? [user.first_name, user.last_name] : [user.username],
      clubDayOf(deps.now(), currentClub().timezone),
      extension,
    );

  routes.get(
    '/api/user/export/:id',
    {
      schema: {
        params: uuidParam,
        response: { ...errorAnswers(403, 404), 200: memberExportSchema },
        description:
          'The member themself, or an admin who may change their role. A JSON file (Content-Disposition: attachment) with everything ' +
          'the club keeps about the member; written as it is read, so a long history does not time out.',
      },
    },
    async (request, reply) => {
      const user = await exportTarget(authOf(request).user, request.params.id);
      const json = memberExportJson(deps.db, user, publicFilesDir(deps.config), deps.now());
      const language = languageFromHeader(request.headers['accept-language']);
      return reply
        .type('application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName(user, language, 'json')}"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(json));
    },
  );

  routes.get(
    '/api/user/export/:id/page.html',
    {
      schema: {
        params: uuidParam,
        response: {
          ...errorAnswers(403, 404),
          200: textAnswer(
            'text/html',
            "The same data as the JSON file, as a page a person reads, in the member's language.",
          ),
        },
        description:
          'Who may take the JSON export may take this page (Content-Disposition: attachment): headings and tables, ' +
          "in the member's language, under the club's name; every value escaped.",
      },
    },
    async (request, reply) => {
      const user = await exportTarget(authOf(request).user, request.params.id);
      const reader = {
        language: user.language,
        clubName: (await readPageBrand(deps.db, deps.config)).clubName,
        timeZone: currentClub().timezone,
      };
      const page = memberExportHtml(deps.db, user, publicFilesDir(deps.config), deps.now(), reader);
      return reply
        .type('text/html; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName(user, user.language, 'html')}"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(page));
    },
  );

  routes.delete(
    '/api/user/:id',
    {
      schema: {
        params: uuidParam,
        body: accountDeletionBodySchema,
        response: { ...errorAnswers(401, 403, 404, 409), 200: okResponseSchema },
        description:
          'The member themself, or an admin who may change their role (never a SuperAdmin; never the last ' +
          "SuperAdmin: 409 `last_superadmin`), with the actor's own `password` (403 `password_incorrect`; " +
          "401 `invalid_credentials` while the actor's account is locked; both count toward the lock). Sessions, " +
          'feed, push devices and upcoming places end; identity, contact data and picture are erased; ' +
          'attendance rows stay, shown as a deleted member; an audit row records who deleted whom.',
      },
    },
    async (request) => {
      const { id } = request.params;
      const actor = authOf(request).user;
      // Who and what first, so a prompt for a refused or pointless deletion never counts as a guess.
      const target = await findUserById(deps.db, id);
      if (!target || target.deleted_at) throw new HttpError(404, 'not_found', 'id');
      // An admin over the account, the member, or a guardian of a minor with their own password.
      await assertMayActOnAccount(deps, deps.db, actor, target, 'delete', 'edit');
      if (asksOwnPassword('delete', actor.id, id)) {
        await confirmOwnPassword(deps, actor.id, request.body.password ?? '', request.log);
      }
      await runWrite(deps, (trx) => deleteAccount(deps, trx, actor, id, hooks.onAccessEnded));
      // Files cannot roll back with the transaction: they go once the deletion is committed.
      const profileDir = path.join(publicFilesDir(deps.config), 'profile');
      await rm(path.join(profileDir, `${id}.png`), { force: true });
      await rm(path.join(profileDir, `thumbnail-${id}.png`), { force: true });
      return { ok: true as const };
    },
  );
}
