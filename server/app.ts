import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppDeps } from './app-deps';
import type { TrustProxy } from './config';
import { clubRegistry } from './db/club-scope/club-registry';
import { HttpError } from './http-error';
import { loggerOptions } from './logger';
import { answerRoutes } from './modules/answers/answers.routes';
import { attendanceRoutes } from './modules/attendance/attendance.routes';
import { kitHandOutRoutes } from './modules/attendance/kit-hand-out.routes';
import { walkInRoutes } from './modules/attendance/walk-ins.routes';
import { calendarAccountRoutes, calendarFeedRoutes } from './modules/calendar/calendar.routes';
import { revokeFeed } from './modules/calendar/calendar-feed.service';
import { catalogRoutes } from './modules/catalog/catalog.routes';
import { refreshClubIcons, refreshOpaqueIcons } from './modules/club-app/club-icons.service';
import { clubWebRoutes } from './modules/club-app/club-web.routes';
import { commentsRoutes } from './modules/comments/comments.routes';
import { eventsRoutes } from './modules/events/events.routes';
import { giveChildLogin } from './modules/family/child-login.service';
import { familyRoutes } from './modules/family/family.routes';
import { picturesRoutes } from './modules/files/pictures.routes';
import { healthRoutes } from './modules/health/health.routes';
import { withEventDossiers } from './modules/member-file/event-dossiers-view';
import { memberFileRoutes } from './modules/member-file/member-file.routes';
import { runImport } from './modules/member-file/member-import-run';
import { newsRoutes, publicNewsRoutes } from './modules/news/news.routes';
import { unsubscribeRoutes } from './modules/notifications/unsubscribe.routes';
import { fillFromWaitingList } from './modules/participation/fill-step';
import { participationRoutes } from './modules/participation/participation.routes';
import { releaseUpcomingPlaces } from './modules/participation/release-places.service';
import { privacyRoutes } from './modules/privacy/privacy.routes';
import { deleteSubscriptionsOf } from './modules/push/push.repository';
import { pushRoutes } from './modules/push/push.routes';
import { replayRoutes } from './modules/replays/replay.routes';
import { reportsRoutes } from './modules/reports/reports.routes';
import { seriesRoutes } from './modules/series/series.routes';
import { publicSettingsRoutes, settingsRoutes } from './modules/settings/settings.routes';
import type { AccessEnded } from './modules/users/access-ended';
import { accountsRoutes } from './modules/users/accounts.routes';
import { resolveSession } from './modules/users/auth.service';
import { emailSettingsRoutes } from './modules/users/email-settings.routes';
import { memberImportRoutes } from './modules/users/member-import.routes';
import { notificationSettingsRoutes } from './modules/users/notification-settings.routes';
import { profilesRoutes } from './modules/users/profiles.routes';
import { usersRoutes } from './modules/users/users.routes';
import { signedInScope } from './plugins/auth';
import { DEFAULT_BODY_LIMIT, registerBodyLimits } from './plugins/body-limits';
import { registerClientFiles } from './plugins/client-files';
import { registerClubHost } from './plugins/club-host';
import { registerControlCharacterCheck } from './plugins/control-characters';
import { registerCommonErrorAnswers } from './plugins/error-answers';
import { registerErrorHandler } from './plugins/errors';
import { withUploads } from './plugins/multipart';
import { registerOpenApi } from './plugins/openapi';
import { registerOperationNames } from './plugins/operation-names';
import { registerPublicFiles } from './plugins/public-files';
import { clientErrorHandler, frameworkErrorHandler } from './plugins/raw-errors';
import { builtScriptHashes, computeSecurityHeaders, registerSecurity } from './plugins/security';
import { registerWriteLimits } from './plugins/write-limits';

export interface BuildAppOptions {
  /** Where the logs go; none means the config's level to stdout, `false` means no logs. */
  logStream?: NodeJS.WritableStream | false;
}

/**
 * Fastify's form of TRUST_PROXY. A hop count goes as a function ("the nearest N peers"): Fastify 5.12 reads
 * a bare number as "trust no one", since a count cannot tell the proxy from a client connecting directly
 * (hence the README: with a count, the server must be reachable only through the proxy).
 */
function trustProxyOption(trust: TrustProxy): false | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust;
}

/** Builds the whole app, used by main.ts and by the tests: external plugins, ours, then routes. */
export async function buildApp(deps: AppDeps, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const securityHeaders = await computeSecurityHeaders(
    deps.config.addressSearchUrl,
    builtScriptHashes(deps.config.staticDir),
  );
  const app = Fastify({
    logger: options.logStream === false ? false : loggerOptions(deps.config.logLevel, options.logStream),
    bodyLimit: DEFAULT_BODY_LIMIT,
    // Long enough for any token in a path, so the contract (not the router) refuses an oversize one.
    routerOptions: { maxParamLength: 256 },
    trustProxy: trustProxyOption(deps.config.trustProxy),
    frameworkErrors: frameworkErrorHandler(securityHeaders),
    clientErrorHandler: clientErrorHandler(securityHeaders),
  });
  app.decorateRequest('auth', null);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  // First of all hooks, so every answer carries them: the club-host hook below may answer itself (an
  // unknown host's 404, a disabled club's 401 or 404) and then no later hook runs.
  registerSecurity(app, securityHeaders);
  // Everything after it, the session check included, runs inside the host's club.
  registerClubHost(app, clubRegistry(deps.db, deps.config), deps.config.trustProxy);

  registerBodyLimits(app);
  registerControlCharacterCheck(app);
  // Answers above 1 KB go out in brotli or gzip, whichever the client prefers (JSON, the OpenAPI page, the
  // service worker). The built assets have precompressed copies (client-files.ts); a body that already
  // carries a Content-Encoding is left alone.
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: () => new HttpError(429, 'too_many_requests'),
  });

  await registerOpenApi(app);

  // What ends with a member's access besides their sessions (users/access-ended.ts): areas users cannot import.
  const onAccessEnded: AccessEnded = async (trx, userId, why) => {
    await revokeFeed(trx, userId);
    await deleteSubscriptionsOf(trx, userId);
    if (why !== 'password_reset') await releaseUpcomingPlaces(deps, trx, userId);
  };

  await app.register(async (api) => {
    registerOperationNames(api);
    registerCommonErrorAnswers(api);
    // Public: anyone may call these (the OpenAPI page is registered above, the files below).
    await healthRoutes(api, deps);
    await accountsRoutes(api, deps, { onAccessEnded });
    await publicSettingsRoutes(api, deps);
    await calendarFeedRoutes(api, deps);
    await unsubscribeRoutes(api, deps);
    await answerRoutes(api, deps);
    await publicNewsRoutes(api, deps);
    // Everything else: one scope whose hook answers 401 before any route of it runs.
    await api.register(
      signedInScope(
        (token) => resolveSession(deps, token),
        async (signedIn) => {
          registerWriteLimits(signedIn, deps.config.rateLimits, deps.now);
          await usersRoutes(signedIn, deps);
          await signedIn.register(memberImportRoutes(deps, runImport));
          await privacyRoutes(signedIn, deps, { onAccessEnded });
          await profilesRoutes(signedIn, deps, { onAccessEnded, giveChildLogin });
          await familyRoutes(signedIn, deps);
          await memberFileRoutes(signedIn, deps);
          // A new logo makes the club's icons (files cannot read the settings they depend on).
          // The two areas that take a file parse multipart bodies, each in a scope of its own (withUploads).
          await withUploads(signedIn, (uploads) =>
            picturesRoutes(uploads, deps, { afterLogo: () => refreshClubIcons(deps.db, deps.config) }),
          );
          await notificationSettingsRoutes(signedIn, deps);
          await emailSettingsRoutes(signedIn, deps);
          await calendarAccountRoutes(signedIn, deps);
          await pushRoutes(signedIn, deps);
          // The icons that sit on the accent colour follow it (club-app; settings cannot import it back).
          await settingsRoutes(signedIn, deps, {
            afterAccentColour: (colour) => refreshOpaqueIcons(deps.config, colour),
          });
          await catalogRoutes(signedIn, deps);
          // Participation builds on events; events reaches its fill step through this hook, not an import.
          // Likewise the members' files, which read events (docs/rules.md#members-file).
          await eventsRoutes(signedIn, deps, {
            afterUpdate: fillFromWaitingList,
            withDossiers: withEventDossiers,
          });
          await seriesRoutes(signedIn, deps, { afterUpdate: fillFromWaitingList });
          await participationRoutes(signedIn, deps);
          await attendanceRoutes(signedIn, deps);
          await walkInRoutes(signedIn, deps);
          await kitHandOutRoutes(signedIn, deps);
          await reportsRoutes(signedIn, deps);
          await withUploads(signedIn, (uploads) => newsRoutes(uploads, deps));
          await commentsRoutes(signedIn, deps);
          // The outbox in batches: each item is run through the routes above as its own request.
          await replayRoutes(signedIn);
        },
      ),
    );
  });

  await clubWebRoutes(app, deps);
  await registerPublicFiles(app, deps.config);
  await registerClientFiles(app, deps.config.staticDir);
  return app;
}
