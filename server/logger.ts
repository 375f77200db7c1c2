import type { FastifyServerOptions } from 'fastify';

// Tokens travel in headers and, for confirm and reset links and calendar feeds, in paths and query
// strings: scrub both. Case-insensitive: a mistyped link that routes nowhere still carries a live token.
const SECRET_IN_PATH = /(\/confirm\/|\/calendar\/)[^/?#]+/gi;
const SECRET_IN_QUERY = /([?&]token=)[^&#]*/gi;
const ESCAPES = /(?:%[0-9a-f]{2})+/gi;
// Enough for a double-encoded link (`%2563onfirm`); each round can only shorten the text.
const DECODE_ROUNDS = 3;

/** Decodes every well-formed run of %XX escapes; a run that is not UTF-8 stays as it came (never throws). */
function decodeEscapes(text: string): string {
  return text.replace(ESCAPES, (run) => {
    try {
      return decodeURIComponent(run);
    } catch {
      return run;
    }
  });
}

/**
 * The URL as logged: decoded first, so `/api/user/%63onfirm/<token>` or `?%74oken=<token>` cannot slip a
 * token past the patterns, then with every token replaced. The decoded form is what gets logged.
 */
export function scrubUrl(url: string): string {
  let decoded = url;
  for (let round = 0; round < DECODE_ROUNDS; round++) {
    const next = decodeEscapes(decoded);
    if (next === decoded) break;
    decoded = next;
  }
  return decoded.replace(SECRET_IN_PATH, '$1[redacted]').replace(SECRET_IN_QUERY, '$1[redacted]');
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
