import type { FastifyServerOptions } from 'fastify';

// Tokens travel in headers and, for confirm and reset links, in paths and query strings: scrub both.
const SECRET_IN_PATH = /(\/confirm\/)[^/?#]+/g;
const SECRET_IN_QUERY = /([?&]token=)[^&#]*/g;

export function scrubUrl(url: string): string {
  return url.replace(SECRET_IN_PATH, '$1[redacted]').replace(SECRET_IN_QUERY, '$1[redacted]');
}

export function loggerOptions(level: string, stream?: NodeJS.WritableStream): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.token'],
      censor: '[redacted]',
    },
    serializers: {
      req: (req: { method: string; url: string; ip?: string }) => ({
        method: req.method,
        url: scrubUrl(req.url),
        ip: req.ip,
      }),
    },
  };
}
