import { codeForStatus, type ErrorBody } from '@common/contract/errors';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import {
  DossierIncompleteError,
  HttpError,
  StuffUnavailableError,
  TooManyRequestsError,
} from '../http-error';
import { catalogueText, errorMessage, languageFromHeader } from '../i18n/catalogue';

export function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  statusCode: number,
  code: string,
  field: string | null = null,
  extra: Pick<ErrorBody, 'uuid_stuff' | 'reasons'> = {},
): FastifyReply {
  const language = languageFromHeader(request.headers['accept-language']);
  const body: ErrorBody = {
    code,
    message: [
      errorMessage(code, language),
      // What the member's file lacks, in words too (docs/rules.md#members-file).
      ...(extra.reasons ?? []).map(
        (reason) => `${catalogueText(language, 'memberFile', `reason.${reason}`)}.`,
      ),
    ].join(' '),
    field,
    ...extra,
  };
  return reply.status(statusCode).type('application/json; charset=utf-8').send(body);
}

function fieldOfValidation(error: { validation: Array<{ instancePath?: string; params?: unknown }> }) {
  const first = error.validation[0];
  const path = first?.instancePath?.replace(/^\//, '').replaceAll('/', '.');
  return path ? path : null;
}

// Body parsing failures Fastify raises before validation: all are bad input, never a 500.
const BAD_BODY_CODES = new Set([
  'FST_ERR_CTP_INVALID_JSON_BODY',
  'FST_ERR_CTP_EMPTY_JSON_BODY',
  'FST_ERR_CTP_INVALID_CONTENT_LENGTH',
  'FST_ERR_VALIDATION',
]);

/** One error handler for the whole app: every failure leaves as the contract's error body; 5xx hide details. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof TooManyRequestsError) reply.header('retry-after', error.retryAfterSeconds);
    if (error instanceof StuffUnavailableError)
      return sendError(request, reply, 409, error.code, error.field, { uuid_stuff: error.uuidStuff });
    if (error instanceof DossierIncompleteError)
      return sendError(request, reply, 409, error.code, null, { reasons: [...error.reasons] });
    if (error instanceof HttpError) {
      return sendError(request, reply, error.statusCode, error.code, error.field);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return sendError(request, reply, 400, 'invalid_input', fieldOfValidation(error));
    }
    if (error.code && BAD_BODY_CODES.has(error.code)) {
      return sendError(request, reply, 400, 'invalid_input', null);
    }
    // Past the route's body limit (plugins/body-limits.ts), refused before the body was read or parsed.
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return sendError(request, reply, 413, 'too_large', null);
    }
    if (
      error.code === 'FST_REQ_FILE_TOO_LARGE' ||
      error.code === 'FST_FILES_LIMIT' ||
      error.code === 'FST_PARTS_LIMIT'
    ) {
      return sendError(request, reply, 413, 'too_large', 'file');
    }
    if (
      error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' ||
      error.code === 'FST_INVALID_MULTIPART_CONTENT_TYPE'
    ) {
      return sendError(request, reply, 415, 'unsupported_media', null);
    }
    // A unique constraint lost to a concurrent request: the same answer the check before it would give.
    if ((error as { code?: string }).code === '23505') {
      return sendError(request, reply, 409, 'conflict', null);
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return sendError(request, reply, status, codeForStatus(status), null);
    }
    request.log.error({ err: error }, 'request failed');
    return sendError(request, reply, 500, 'server_error', null);
  });
}
