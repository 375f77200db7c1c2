import type { ErrorCode } from '../src/common/contract/errors';

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
