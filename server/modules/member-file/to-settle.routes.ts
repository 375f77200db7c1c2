import {
  DOSSIERS_TO_SETTLE_CSV_PATH,
  DOSSIERS_TO_SETTLE_PATH,
  dossiersToSettleSchema,
} from '@common/contract/dossiers-to-settle';
import { fileNameOf } from '@common/rules/file-names';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { catalogueText, languageFromHeader } from '../../i18n/catalogue';
import { authOf } from '../../plugins/auth';
import { errorAnswers } from '../../plugins/error-answers';
import { textAnswer } from '../../plugins/text-answer';
import { clubToday } from '../family/acting-for.service';
import { dossiersToSettle } from './to-settle.service';
import { dossiersToSettleCsv } from './to-settle-csv';

/** « À régulariser » (docs/rules.md#members-file): the files that need an Admin's action, as JSON and CSV. */
export function toSettleRoutes(app: FastifyInstance, deps: AppDeps): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get(
    DOSSIERS_TO_SETTLE_PATH,
    {
      schema: {
        response: { ...errorAnswers(403), 200: dossiersToSettleSchema },
        description:
          'Active members whose own file (licence and health papers) is not `ok` today, `soon` included, most ' +
          'severe first then by name, with reason codes, newest licence and, when `soon`, its last complete day. Admins only.',
      },
    },
    (request) => dossiersToSettle(deps.db, authOf(request).user, clubToday(deps)),
  );
  routes.get(
    DOSSIERS_TO_SETTLE_CSV_PATH,
    {
      schema: {
        response: {
          ...errorAnswers(403),
          200: textAnswer(
            'text/csv',
            'The files to settle, one row per member, status and reasons in words.',
          ),
        },
      },
    },
    async (request, reply) => {
      const today = clubToday(deps);
      const entries = await dossiersToSettle(deps.db, authOf(request).user, today);
      const language = languageFromHeader(request.headers['accept-language']);
      // Named by the club day it was read: the list changes as papers come in (docs/rules.md#file-names).
      const fileName = fileNameOf([catalogueText(language, 'fileNames', 'dossiers_to_settle'), today], 'csv');
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .send(dossiersToSettleCsv(entries, language));
    },
  );
}
