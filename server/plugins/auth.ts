import type { FastifyRequest } from 'fastify';
import { isAdminRole, isContributorRole } from '../../src/common/rules/roles';
import type { AppDeps } from '../app-deps';
import type { UserRow } from '../db/schema';
import { HttpError } from '../http-error';
import { resolveSession } from '../modules/users/auth.service';

export interface AuthContext {
  user: UserRow;
  tokenHash: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer ([A-Za-z0-9_-]{1,128})$/.exec(header);
  return match?.[1] ?? null;
}

/** A preHandler for routes that need a signed-in user: sets request.auth or answers 401 `unauthorised`. */
export function requireUser(deps: AppDeps) {
  return async (request: FastifyRequest): Promise<void> => {
    const token = bearerToken(request);
    const session = token ? await resolveSession(deps, token) : null;
    if (!session) throw new HttpError(401, 'unauthorised');
    request.auth = session;
  };
}

/** The signed-in user of a route guarded by requireUser. */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new HttpError(401, 'unauthorised');
  return request.auth;
}

/** After requireUser: Admin or SuperAdmin, else 403 `forbidden`. */
export async function requireAdmin(request: FastifyRequest): Promise<void> {
  if (!isAdminRole(authOf(request).user.role_name)) throw new HttpError(403, 'forbidden');
}

/** After requireUser: Contributor, Admin or SuperAdmin, else 403 `forbidden`. */
export async function requireContributor(request: FastifyRequest): Promise<void> {
  const role = authOf(request).user.role_name;
  if (!isAdminRole(role) && !isContributorRole(role)) throw new HttpError(403, 'forbidden');
}
