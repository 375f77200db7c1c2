import { canManageContent, isAdminRole } from '@common/rules/roles';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { UserRow } from '../db/schema';
import { HttpError } from '../http-error';
import { declareErrorAnswers, type ErrorStatus } from './error-answers';

export interface AuthContext {
  user: UserRow;
  tokenHash: string;
  /** The data version when the session was checked (server/db/data-version.ts): kept answers key on it. */
  dataVersion: number;
  /** The minors the user answers for (docs/rules.md#families): their answers read as the user's own. */
  ownChildIds: readonly string[];
  /** The children the user is a restricted guardian of: « Un membre » to them in every list. */
  hiddenChildIds: readonly string[];
}

/** Who reads an event: the user, with the children whose answers they see as their own. */
export type Viewer = UserRow & Pick<AuthContext, 'ownChildIds' | 'hiddenChildIds'>;

export const viewerOf = (auth: AuthContext): Viewer => ({
  ...auth.user,
  ownChildIds: auth.ownChildIds,
  hiddenChildIds: auth.hiddenChildIds,
});

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

/** Who is behind a bearer token (unknown, expired or revoked: null). Given by app.ts: see signedInScope. */
export type Authenticate = (token: string) => Promise<AuthContext | null>;

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer ([A-Za-z0-9_-]{1,128})$/.exec(header);
  return match?.[1] ?? null;
}

/**
 * The signed-in scope (as fastify/demo's autohooks): one encapsulated plugin whose single onRequest hook
 * authenticates, so a route registered inside cannot forget it and one registered outside is public.
 * The hook runs before body parsing and validation, so an anonymous caller learns nothing (401) about
 * what the route would have said. Unknown paths never reach it: they answer 404 from the root.
 * `authenticate` is handed in rather than imported so plugins/ depends on no module (modules import
 * this file for authOf and the role hooks). Its routes say so in the OpenAPI document: a bearer token,
 * 401, and 403 where a role hook guards them.
 */
export function signedInScope(
  authenticate: Authenticate,
  registerRoutes: (scope: FastifyInstance) => Promise<void>,
) {
  return async (scope: FastifyInstance): Promise<void> => {
    scope.addHook('onRequest', async (request) => {
      const token = bearerToken(request);
      const session = token ? await authenticate(token) : null;
      if (!session) throw new HttpError(401, 'unauthorised');
      request.auth = session;
    });
    scope.addHook('onRoute', (route) => {
      const hooks = [route.onRequest, route.preHandler].flat();
      const statuses: ErrorStatus[] = [401];
      if (hooks.some((hook) => hook === requireAdmin || hook === requireContributor)) statuses.push(403);
      declareErrorAnswers(route, statuses);
      route.schema = { ...route.schema, security: [{ bearer: [] }] };
    });
    await registerRoutes(scope);
  };
}

/** The signed-in user of a route inside the signed-in scope. */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new HttpError(401, 'unauthorised');
  return request.auth;
}

/** A route hook inside the signed-in scope: Admin or SuperAdmin, else 403 `forbidden`. */
export async function requireAdmin(request: FastifyRequest): Promise<void> {
  if (!isAdminRole(authOf(request).user.role_name)) throw new HttpError(403, 'forbidden');
}

/** A route hook inside the signed-in scope: Contributor, Admin or SuperAdmin, else 403 `forbidden`. */
export async function requireContributor(request: FastifyRequest): Promise<void> {
  if (!canManageContent(authOf(request).user.role_name)) throw new HttpError(403, 'forbidden');
}
