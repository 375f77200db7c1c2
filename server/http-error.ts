import type { ErrorCode } from '@common/contract/errors';
import type { DossierReason } from '@common/contract/member-file';
import type { Verdict } from '@common/rules/events';

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
 * 409 `stuff_unavailable` (docs/rules.md#kit): `uuid_stuff` names the item of the kit not offered or no longer in
 * stock, so the app can say « Gilet » and refresh what is left; `field` is the one the request booked with.
 */
export class StuffUnavailableError extends HttpError {
  constructor(
    readonly uuidStuff: string,
    field: 'stuffs' | 'uuid_stuff' = 'stuffs',
  ) {
    super(409, 'stuff_unavailable', field);
    this.name = 'StuffUnavailableError';
  }
}

/**
 * 409 `dossier_incomplete` (docs/rules.md#members-file): the model blocks a member whose file is neither `ok`
 * nor `soon` on the event's day; `reasons` say what it lacks, as the reader may read them.
 */
export class DossierIncompleteError extends HttpError {
  constructor(readonly reasons: readonly DossierReason[]) {
    super(409, 'dossier_incomplete');
    this.name = 'DossierIncompleteError';
  }
}

/**
 * 429 from a limit the server counts itself: the same request passes again in `retryAfterSeconds`, which
 * the error handler sends as the Retry-After header. `too_many_requests` for the sign-in and mail limits,
 * `rate_limited` for a member's writes (docs/rules.md#abuse-limits).
 */
export class TooManyRequestsError extends HttpError {
  constructor(
    readonly retryAfterSeconds: number,
    code: 'too_many_requests' | 'rate_limited' = 'too_many_requests',
  ) {
    super(429, code);
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
