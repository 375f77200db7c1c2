import { errorBodySchema } from '@common/contract/error-body';
import type { FastifyInstance, RouteOptions } from 'fastify';

/** The error statuses the API answers with the contract's error body. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 503;

const WHEN: Record<ErrorStatus, string> = {
  400: '`invalid_input`: a parameter, query or body that does not match the schema, or a text holding a control character.',
  401:
    "No valid session (`unauthorised`); signing in, a wrong name or password, or typing one's password again " +
    'while the account is locked (`invalid_credentials`).',
  403: 'Not allowed to the caller (`forbidden`), or, signing in, an account revoked or not confirmed yet.',
  404: 'No such resource (`not_found`).',
  409: "A rule of the club's refuses the change now (the code says which), or the same write is already running (`request_in_progress`).",
  413: 'The body, or the uploaded file, is past its limit (`too_large`).',
  415: 'A body of a media type the operation does not read (`unsupported_media`).',
  422: 'An Idempotency-Key already used for another request (`idempotency_key_reused`).',
  429: 'Too many requests (`too_many_requests`, or `rate_limited` for writes): wait as long as Retry-After says.',
  503: 'The database does not answer (`server_error`).',
};

const errorAnswer = (status: ErrorStatus) => ({
  description: WHEN[status],
  content: { 'application/json': { schema: errorBodySchema } },
});

/**
 * The error answers of a route as its `response` entries: the OpenAPI document lists them, and the server
 * checks each error body against the schema as it sends it. Routes name the ones their own code gives
 * (403 of a rule, 404, 409…); the hooks below add the ones a plugin gives every route it covers.
 */
export function errorAnswers(
  ...statuses: ErrorStatus[]
): Partial<Record<ErrorStatus, ReturnType<typeof errorAnswer>>> {
  return Object.fromEntries(statuses.map((status) => [status, errorAnswer(status)]));
}

/** Adds `statuses` to a route being declared (from an onRoute hook), keeping any it declares itself. */
export function declareErrorAnswers(route: RouteOptions, statuses: ErrorStatus[]): void {
  const schema = route.schema ?? {};
  const response = (schema.response ?? {}) as Record<string, unknown>;
  route.schema = { ...schema, response: { ...errorAnswers(...statuses), ...response } };
}

const READS = new Set(['GET', 'HEAD']);

/**
 * What every API route may answer whatever its own code does; register in the API scope before its routes.
 * 400: the control-character check (control-characters.ts) reads every route's path and query, and the
 * schemas validate. 413 and 415: Fastify reads a body on any method but GET and HEAD, within its limit
 * (body-limits.ts) and only in a media type it parses. 429: the routes with a limit of their own
 * (`config.rateLimit`, @fastify/rate-limit).
 */
export function registerCommonErrorAnswers(api: FastifyInstance): void {
  api.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const statuses: ErrorStatus[] = [400];
    if (methods.some((method) => !READS.has(method))) statuses.push(413, 415);
    if ((route.config as { rateLimit?: unknown } | undefined)?.rateLimit) statuses.push(429);
    declareErrorAnswers(route, statuses);
  });
}
