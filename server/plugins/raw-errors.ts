import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { ErrorBody, ErrorCode } from '@common/contract/errors';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorMessage, languageFromHeader } from '../i18n/catalogue';
import { sendError } from './errors';
import { API_CACHE_CONTROL, type SecurityHeaders } from './security';

/**
 * Answers Fastify and Node write on their own, before any hook of ours could run. They must look like
 * every other error: our `{code, message, field}` body, helmet's headers, never cached.
 */

// A URL the router cannot decode (`/api/%zz`) or a path parameter past maxParamLength: bad input.
const BAD_URL_CODES = new Set(['FST_ERR_BAD_URL', 'FST_ERR_MAX_PARAM_LENGTH']);

/** Fastify's `frameworkErrors`: the request and reply exist, but no hook (helmet, onSend) runs for them. */
export function frameworkErrorHandler(securityHeaders: SecurityHeaders) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
    reply.headers(securityHeaders).header('cache-control', API_CACHE_CONTROL);
    if (error.code && BAD_URL_CODES.has(error.code)) {
      // Not logged: the error's message repeats the raw URL, which may hold a token (see logger.ts).
      sendError(request, reply, 400, 'invalid_input');
      return;
    }
    request.log.error({ code: error.code }, 'framework error');
    sendError(request, reply, 500, 'server_error');
  };
}

/** What a request refused by Node's HTTP parser gets: its status and code. */
function refusalOf(errorCode: string): { status: number; code: ErrorCode } {
  if (errorCode === 'HPE_HEADER_OVERFLOW') return { status: 431, code: 'too_large' };
  // The request did not arrive in time: to the client, the network failed.
  if (errorCode === 'ERR_HTTP_REQUEST_TIMEOUT') return { status: 408, code: 'network_error' };
  return { status: 400, code: 'invalid_input' };
}

/**
 * The Accept-Language of what the parser had read, if it got that far (best effort: the request never
 * became a request, so its headers were never parsed); French otherwise, the app's default.
 */
function acceptLanguageOf(rawPacket: unknown): string | undefined {
  if (!Buffer.isBuffer(rawPacket)) return undefined;
  return /\r\naccept-language:[ \t]*([^\r\n]*)/i.exec(rawPacket.toString('latin1'))?.[1];
}

export function rawErrorResponse(
  status: number,
  code: ErrorCode,
  acceptLanguage: string | undefined,
  securityHeaders: SecurityHeaders,
): string {
  const body: ErrorBody = {
    code,
    message: errorMessage(code, languageFromHeader(acceptLanguage)),
    field: null,
  };
  const json = JSON.stringify(body);
  const headers = {
    ...securityHeaders,
    'cache-control': API_CACHE_CONTROL,
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(json)),
    connection: 'close',
  };
  const head = Object.entries(headers).map(([name, value]) => `${name}: ${value}`);
  return [`HTTP/1.1 ${status} ${STATUS_CODES[status]}`, ...head, '', json].join('\r\n');
}

/**
 * Fastify's `clientErrorHandler`: Node's parser refused the bytes (a header past 16 KB, a malformed request
 * line) so there is no request, only the socket, and the answer is written on it by hand.
 */
export function clientErrorHandler(securityHeaders: SecurityHeaders) {
  return function onClientError(
    this: FastifyInstance,
    error: Error & { code?: string; rawPacket?: unknown },
    socket: Socket,
  ): void {
    // The client went away: nobody to answer.
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const { status, code } = refusalOf(error.code ?? '');
    // The code only: the raw packet holds whatever the client sent, tokens included.
    this.log.debug({ code: error.code }, 'client error');
    if (socket.writable)
      socket.write(rawErrorResponse(status, code, acceptLanguageOf(error.rawPacket), securityHeaders));
    socket.destroy();
  };
}
