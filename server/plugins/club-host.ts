import { AsyncResource } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ClubRegistry } from '../db/club-scope/club-registry';
import { runInClub, scopedClub } from '../db/club-scope/current-club';
import { sendError } from './errors';

const HEALTH_PATH = '/api/health';
const resources = new WeakMap<FastifyRequest, AsyncResource>();

/**
 * The club is chosen by the request's host (`request.hostname`, which follows X-Forwarded-Host only from a proxy
 * TRUST_PROXY trusts), before any other hook, and the rest of the request runs inside
 * it. A host no club claims gets a plain 404 under STRICT_HOSTS; a disabled club's API answers 401 (its
 * members' sessions end, the client signs out) and its pages 404; nothing is deleted. A request injected
 * by the server itself (a replay batch's items) keeps the club it was injected from.
 */
export function registerClubHost(app: FastifyInstance, registry: ClubRegistry): void {
  app.addHook('onRequest', (request, reply, done) => {
    // The deployment's probe, answered for the server as a whole (it reads no club's data).
    if (request.url.split('?')[0] === HEALTH_PATH) return done();
    const inherited = scopedClub();
    const resolve = inherited ? Promise.resolve(inherited) : registry.forHost(request.hostname);
    resolve.then(
      (club) => {
        if (!club) {
          void reply.code(404).type('text/plain; charset=utf-8').send('Not Found');
          return;
        }
        if (club.disabled) {
          if (request.url.startsWith('/api/')) void sendError(request, reply, 401, 'unauthorised');
          else void reply.code(404).type('text/plain; charset=utf-8').send('Not Found');
          return;
        }
        runInClub(club, () => {
          const resource = new AsyncResource('equipee-club');
          resources.set(request, resource);
          resource.runInAsyncScope(done, request.raw);
        });
      },
      (error: unknown) => done(error instanceof Error ? error : new Error(String(error))),
    );
  });
  // Parsing the body leaves the club's async context (stream events): the handler re-enters it.
  app.addHook('preValidation', (request, _reply, done) => {
    const resource = resources.get(request);
    if (resource) resource.runInAsyncScope(done, request.raw);
    else done();
  });
}
