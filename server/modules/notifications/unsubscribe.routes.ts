import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { currentClub } from '../../db/club-scope/current-club';
import { languageFromHeader } from '../../i18n/catalogue';
import { preferencesPath } from '../../mail/app-links';
import { acceptFormBodies, MULTIPART_FORM, URLENCODED_FORM } from '../../plugins/form-body';
import { textAnswer } from '../../plugins/text-answer';
import { readPageBrand } from '../settings/club-settings';
import { findLinkedMember, writeUserSwitch } from './notification-settings.repository';
import { readLinkSecret, readUnsubscribeToken, UNSUBSCRIBE_PATH } from './unsubscribe-links';
import { confirmPage, donePage, invalidPage } from './unsubscribe-page';

const paramsSchema = z.object({ token: z.string().max(200) });
/**
 * RFC 8058's body, as a mail provider's one click (urlencoded or multipart) or the confirmation page's button
 * sends it. Other fields are dropped: the signed token alone decides what is switched off.
 */
const oneClickSchema = z
  .object({ 'List-Unsubscribe': z.literal('One-Click') })
  .partial()
  .optional();
const pages = {
  200: textAnswer('text/html', 'A page for the member: what the link does, or that it was done.'),
  404: textAnswer('text/html', 'A page saying the link is not one this club signed; nothing changed.'),
};

/**
 * Public: the List-Unsubscribe URL of every mail a member can switch off (docs/rules.md#answer-links).
 * A GET (a person's click, or a mail scanner's) only shows what a POST would do; the POST (the provider's
 * one click, RFC 8058, or the page's button) switches that type off for that member. No sign-in: the
 * signed token is the credential, and it can do nothing else.
 */
export async function unsubscribeRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  await app.register(async (scope) => {
    acceptFormBodies(scope, { multipart: true });
    const routes = scope.withTypeProvider<ZodTypeProvider>();
    const path = `${UNSUBSCRIBE_PATH}/:token`;
    const config = { rateLimit: { max: deps.config.rateLimits.confirm, timeWindow: '1 minute' } };
    const preferencesUrl = () => `${currentClub().publicUrl}${preferencesPath}`;

    /** The member and type the token names, or the invalid page already sent. */
    const read = async (request: FastifyRequest, token: string, reply: FastifyReply) => {
      const named = readUnsubscribeToken(currentClub().key, await readLinkSecret(deps.db), token);
      const member = named ? await findLinkedMember(deps.db, named.userId) : undefined;
      if (named && member) return { type: named.type, member };
      const language = languageFromHeader(request.headers['accept-language']);
      const brand = await readPageBrand(deps.db, deps.config);
      reply
        .status(404)
        .type('text/html; charset=utf-8')
        .send(invalidPage(brand, language, preferencesUrl()));
      return null;
    };

    routes.get(
      path,
      { schema: { params: paramsSchema, response: pages }, config },
      async (request, reply) => {
        const found = await read(request, request.params.token, reply);
        if (!found) return reply;
        const input = {
          language: found.member.language,
          type: found.type,
          preferencesUrl: preferencesUrl(),
          brand: await readPageBrand(deps.db, deps.config),
        };
        return reply
          .type('text/html; charset=utf-8')
          .send(confirmPage(input, `${UNSUBSCRIBE_PATH}/${request.params.token}`));
      },
    );

    routes.post(
      path,
      {
        schema: {
          params: paramsSchema,
          consumes: [URLENCODED_FORM, MULTIPART_FORM],
          body: oneClickSchema,
          response: pages,
        },
        config,
      },
      async (request, reply) => {
        const found = await read(request, request.params.token, reply);
        if (!found) return reply;
        await writeUserSwitch(deps.db, found.member.id, found.type, false);
        const input = {
          language: found.member.language,
          type: found.type,
          preferencesUrl: preferencesUrl(),
          brand: await readPageBrand(deps.db, deps.config),
        };
        return reply.type('text/html; charset=utf-8').send(donePage(input));
      },
    );
  });
}
