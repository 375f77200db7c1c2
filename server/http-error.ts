import type { ErrorCode } from '../src/common/contract/errors';
import type { Verdict } from '../src/common/rules/events';

/** A refusal the client can act on: answered as `{code, message, field}` with the message translated. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    readonly field: string | null = null,
  ) {
    super(code);
    this.name = 'HttpError';
  }
}

/**
 * 429 `too_many_requests` from a limit the server counts itself: the same request passes again in
 * `retryAfterSeconds`, which the route sends as the Retry-After header.
 */
export class TooManyRequestsError extends HttpError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, 'too_many_requests');
    this.name = 'TooManyRequestsError';
  }
}

/**
 * The server's side of the shared event rules (src/common/rules/events.ts): a refusal becomes the very
 * answer the screens expect, so a screen that hides an action and the server that refuses it agree.
 */
export function assertAllowed(verdict: Verdict): void {
  if (!verdict.ok) throw new HttpError(verdict.status, verdict.code, verdict.field);
}
