import { LIMITS } from '@common/contract/limits';
import type { Language } from '@common/contract/user';
import { eventTitle } from '@common/rules/event-words';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { currentClub } from '../../db/club-scope/current-club';
import { languageFromHeader } from '../../i18n/catalogue';
import { ANSWER_PATH } from '../../mail/answer-links';
import { eventPath } from '../../mail/app-links';
import { displayName } from '../../mail/display-name';
import { describeEvent } from '../../mail/templates';
import { errorAnswers } from '../../plugins/error-answers';
import { acceptFormBodies } from '../../plugins/form-body';
import { textAnswer } from '../../plugins/text-answer';
import { readPageBrand } from '../settings/club-settings';
import { confirmPage, donePage, PROBLEM_STATUS, problemPage } from './answer-page';
import { answeredNow } from './answer-push';
import {
  actOnAnswerLink,
  type LinkProblem,
  type LiveLink,
  readAnswerLink,
  willWait,
} from './answers.service';

const paramsSchema = z.object({ token: z.string().max(300) });
/** One choice of the form: a stuff, or "" for one's own equipment. */
const choiceSchema = z.union([z.literal(''), z.string().uuid()]);
/** The items a form chose, own equipment ("") left out, each once. */
const chosen = (choices: string | string[]) => [...new Set([choices].flat().filter((uuid) => uuid !== ''))];
/**
 * The confirmation page's form: the kit chosen for "Je viens" (docs/rules.md#answer-links), one `stuffs` field per
 * kind (a name sent once parses as a string, repeated as a list: server/plugins/form-body.ts); a page of before
 * sends its one `uuid_stuff`, still read when no `stuffs` came.
 */
const formSchema = z
  .object({
    uuid_stuff: choiceSchema,
    stuffs: z
      .union([choiceSchema, z.array(choiceSchema)])
      .refine((choices) => chosen(choices).length <= LIMITS.kitItemsMax, { message: 'too many items' }),
  })
  .partial()
  .optional();
/** The kit a posted form books: its `stuffs` when sent, else its one `uuid_stuff`, else own equipment. */
const kitOfForm = (form: z.infer<typeof formSchema>): string[] =>
  form?.stuffs !== undefined ? chosen(form.stuffs) : form?.uuid_stuff ? [form.uuid_stuff] : [];
const page = (description: string) => textAnswer('text/html', description);
const pages = {
  200: page('For a member: what the answer will do (GET), or what was recorded (POST).'),
  403: page('The account cannot answer (revoked, locked or not confirmed); nothing changed.'),
  404: page('The link is not one this club signed, or its event no longer exists; nothing changed.'),
  409: page('The link was used already, or the answer is refused (full, past, cancelled); nothing changed.'),
  410: page('The link expired (the event started), or its account was deleted; nothing changed.'),
};

/**
 * Public: the answer links of subscription, reminder and promotion mails (docs/rules.md#answer-links).
 * A GET only shows what the answer will do (mail scanners open every link); the POST of its form acts.
 * No sign-in: the signed token is the credential, for one member, one event and one action, once.
 */
export async function answerRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  await app.register(async (scope) => {
    acceptFormBodies(scope);
    const routes = scope.withTypeProvider<ZodTypeProvider>();
    const path = `${ANSWER_PATH}/:token`;
    const config = { rateLimit: { max: deps.config.rateLimits.confirm, timeWindow: '1 minute' } };
    const html = (reply: FastifyReply, status: number, body: string) =>
      reply.status(status).type('text/html; charset=utf-8').send(body);
    const brand = () => readPageBrand(deps.db, deps.config);
    const problem = async (reply: FastifyReply, language: Language, found: LinkProblem) =>
      html(
        reply,
        PROBLEM_STATUS[found.problem],
        problemPage(await brand(), language, found, `${currentClub().publicUrl}/`),
      );
    // In the answering account's language; a guardian's page names the child it answers for.
    const described = (link: LiveLink) => ({
      language: link.actor.language,
      eventName: describeEvent(
        eventTitle(link.event),
        new Date(link.event.start_date),
        link.actor.language,
        currentClub().timezone,
      ),
      eventUrl: `${currentClub().publicUrl}${eventPath(link.event.uuid_event)}`,
      ...(link.actor.id === link.member.id ? {} : { forName: displayName(link.member) }),
    });

    routes.get(
      path,
      { schema: { params: paramsSchema, response: pages }, config },
      async (request, reply) => {
        const found = await readAnswerLink(deps, request.params.token);
        if ('problem' in found)
          return problem(reply, languageFromHeader(request.headers['accept-language']), found);
        return html(
          reply,
          200,
          confirmPage({
            ...described(found),
            action: found.claims.action,
            formAction: `${ANSWER_PATH}/${request.params.token}`,
            willWait: willWait(found),
            event: found.event,
            brand: await brand(),
          }),
        );
      },
    );

    routes.post(
      path,
      {
        schema: {
          params: paramsSchema,
          consumes: ['application/x-www-form-urlencoded'],
          body: formSchema,
          response: pages,
        },
        config,
      },
      async (request, reply) => {
        const found = await actOnAnswerLink(deps, request.params.token, kitOfForm(request.body));
        if ('problem' in found)
          return problem(reply, languageFromHeader(request.headers['accept-language']), found);
        const { language, eventName, eventUrl, forName } = described(found);
        const dossier = { warnings: found.warnings ?? [], appUrl: `${currentClub().publicUrl}/` };
        return html(
          reply,
          200,
          donePage(await brand(), language, found.result, eventName, eventUrl, forName, dossier),
        );
      },
    );

    // A notification's « Je viens » / « Je ne viens pas » (docs/rules.md#answer-links): the service worker holds
    // no session, so it posts the link the mail would carry; no form, no page, an answer it can read.
    routes.post(
      `${path}/push`,
      {
        schema: {
          params: paramsSchema,
          response: {
            204: z.undefined().describe('Recorded: now, or already by this very link.'),
            ...errorAnswers(403, 404, 409),
          },
        },
        config,
      },
      async (request, reply) => {
        await answeredNow(deps, request.params.token);
        return reply.status(204).send();
      },
    );
  });
}
