import { AsyncResource } from 'node:async_hooks';
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { TrustProxy } from '../config';
import type { ClubRegistry } from '../db/club-scope/club-registry';
import { type Club, runInClub, scopedClub } from '../db/club-scope/current-club';
import { sendError } from './errors';

const HEALTH_PATH = '/api/health';
const resources = new WeakMap<FastifyRequest, AsyncResource>();

/** `host[:port]` without its port; an IPv6 literal keeps its brackets (as Fastify's request.hostname). */
function withoutPort(host: string): string {
  if (host.startsWith('[')) return host.slice(0, host.indexOf(']') + 1);
  return host.split(':', 1)[0] ?? '';
}

/**
 * The host name that chooses the club (docs/rules.md#several-clubs). X-Forwarded-Host counts only when the
 * socket's peer is one of the proxies TRUST_PROXY names by address: Fastify's `request.hostname` checks
 * exactly that for a list. A hop count trusts whoever connects (it cannot tell the proxy from a client that
 * reaches the server directly), so with a count, as with no proxy, only Host counts: a client's own
 * X-Forwarded-Host never picks a club.
 */
export function clubHostname(request: FastifyRequest, trustProxy: TrustProxy): string {
  return Array.isArray(trustProxy) ? request.hostname : withoutPort(request.headers.host ?? '');
}

/** Runs the rest of the request inside `club`; a host no club claims, or a disabled club, is answered here. */
function enterClub(
  request: FastifyRequest,
  reply: FastifyReply,
  done: HookHandlerDoneFunction,
  club: Club | null,
): void {
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
    // Fastify never parses a GET's or a HEAD's body: the rest of the request follows from this call, inside
    // the club. Other methods may have a body, whose parsing leaves the club (the preValidation hook below).
    if (request.method === 'GET' || request.method === 'HEAD') return done();
    const resource = new AsyncResource('equipee-club');
    resources.set(request, resource);
    resource.runInAsyncScope(done, request.raw);
  });
}

/**
 * The club is chosen by the request's host (clubHostname), before any hook but the security headers', and
 * the rest of the request runs inside it. A host no club claims gets a plain 404 under STRICT_HOSTS; a
 * disabled club's API answers 401 (its members' sessions end, the client signs out) and its pages 404;
 * nothing is deleted. A request injected by the server itself (a replay batch's items) keeps the club it
 * was injected from.
 */
export function registerClubHost(app: FastifyInstance, registry: ClubRegistry, trustProxy: TrustProxy): void {
  app.addHook('onRequest', (request, reply, done) => {
    // The deployment's probe, answered for the server as a whole (it reads no club's data).
    if (request.url.split('?')[0] === HEALTH_PATH) return done();
    const hostname = clubHostname(request, trustProxy);
    const known = scopedClub() ?? registry.keptForHost(hostname);
    if (known !== undefined) return enterClub(request, reply, done, known);
    registry.forHost(hostname).then(
      (club) => enterClub(request, reply, done, club),
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
