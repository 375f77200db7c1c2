import type { FastifyServerOptions } from 'fastify';

// Link tokens (answer, unsubscribe, confirm, reset, calendar) travel in paths and query strings, and never
// reach the log (docs/rules.md#mails). A request a route answered is logged by the route's pattern
// (`/api/answer/:token`); any other URL (a mistyped link, a page of the app) with its secrets redacted.
// Case-insensitive: a mistyped link that routes nowhere still carries a live token.
const SECRET_AFTER_WORD = /(\/(?:confirm[^/?#]*|calendar|answer|unsubscribe|reset)\/)[^/?#]+/gi;
const SECRET_IN_QUERY = /([?&]token=)[^&#]*/gi;
// Every token the server makes holds such a run (base64url of 32 bytes, or an HMAC): 43 characters.
const LONG_RUN = /[A-Za-z0-9_-]{20,}/g;
// A bare UUID names a row (an event's deep link), never grants anything: kept, so logs still say which.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ESCAPES = /(?:%[0-9a-f]{2})+/gi;
// Enough for a double-encoded link (`%2563onfirm`); each round can only shorten the text.
const DECODE_ROUNDS = 3;
const REDACTED = '[redacted]';

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

function decoded(text: string): string {
  let current = text;
  for (let round = 0; round < DECODE_ROUNDS; round++) {
    const next = decodeEscapes(current);
    if (next === current) break;
    current = next;
  }
  return current;
}

const holdsSecret = (part: string) => (part.match(LONG_RUN) ?? []).some((run) => !UUID.test(run));
const redactPart = (part: string) => (holdsSecret(part) ? REDACTED : part);

/**
 * The URL as logged: decoded first, so `/api/user/%63onfirm/<token>` or `?%74oken=<token>` cannot slip a
 * token past the patterns, then the segment after a link's word (`/confirm/…`, `/answer/…`), a `token=`
 * value, and every path segment or query parameter holding a long token-like run, redacted whole.
 */
export function scrubUrl(url: string): string {
  const worded = decoded(url)
    .replace(SECRET_AFTER_WORD, `$1${REDACTED}`)
    .replace(SECRET_IN_QUERY, `$1${REDACTED}`);
  const queryAt = worded.indexOf('?');
  const pathPart = queryAt === -1 ? worded : worded.slice(0, queryAt);
  const path = pathPart.split('/').map(redactPart).join('/');
  if (queryAt === -1) return path;
  const query = worded
    .slice(queryAt + 1)
    .split('&')
    .map((parameter) => {
      const equals = parameter.indexOf('=');
      if (equals === -1) return redactPart(parameter);
      const name = parameter.slice(0, equals);
      return holdsSecret(name) ? REDACTED : `${name}=${redactPart(parameter.slice(equals + 1))}`;
    });
  return `${path}?${query.join('&')}`;
}

/** Free text (a message, an error's): every long token-like run that is not a UUID, redacted. */
export function scrubText(text: string): string {
  return decoded(text)
    .replace(SECRET_AFTER_WORD, `$1${REDACTED}`)
    .replace(SECRET_IN_QUERY, `$1${REDACTED}`)
    .replace(LONG_RUN, (run) => (UUID.test(run) ? run : REDACTED));
}

interface LoggedRequest {
  method: string;
  url: string;
  ip?: string;
  is404?: boolean;
  routeOptions?: { url?: string };
}

/**
 * What a request line says: the route's pattern when a route answered it (its query scrubbed), else the
 * scrubbed URL. A wildcard route (the app's pages, public files) says too little: its URL, scrubbed.
 */
export function loggedUrl(req: LoggedRequest): string {
  const pattern = req.is404 ? undefined : req.routeOptions?.url;
  if (!pattern || pattern.includes('*')) return scrubUrl(req.url);
  const queryAt = req.url.indexOf('?');
  // The pattern names its parameters (`:token`) and holds no value: only the query needs scrubbing.
  return queryAt === -1 ? pattern : `${pattern}${scrubUrl(req.url.slice(queryAt))}`;
}

const STACK_FRAME = /^\s+at /;
const MAX_DEPTH = 4;

/** Strings scrubbed all the way down; a stack's frames (file paths) kept, its message lines scrubbed. */
function scrubValue(value: unknown, depth: number, seen: WeakSet<object>): unknown {
  if (typeof value === 'string') return scrubText(value);
  if (value === null || typeof value !== 'object') return value;
  if (seen.has(value) || depth > MAX_DEPTH) return '[object]';
  seen.add(value);
  if (value instanceof Error) return serializeError(value, depth, seen);
  if (Array.isArray(value)) return value.map((item) => scrubValue(item, depth + 1, seen));
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [key, scrubValue(item, depth + 1, seen)]),
  );
}

interface LoggedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

function serializeError(error: Error, depth: number, seen: WeakSet<object>): LoggedError {
  const serialized: LoggedError = {
    type: error.constructor?.name ?? 'Error',
    message: scrubText(error.message),
    stack: (error.stack ?? '')
      .split('\n')
      .map((line) => (STACK_FRAME.test(line) ? line : scrubText(line)))
      .join('\n'),
  };
  for (const [key, item] of Object.entries(error))
    if (!(key in serialized)) serialized[key] = scrubValue(item, depth + 1, seen);
  if (error.cause !== undefined) serialized.cause = scrubValue(error.cause, depth + 1, seen);
  return serialized;
}

export function loggerOptions(level: string, stream?: NodeJS.WritableStream): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.token'],
      censor: REDACTED,
    },
    serializers: {
      req: (req: LoggedRequest) => ({ method: req.method, url: loggedUrl(req), ip: req.ip }),
      // Error messages repeat what they were given: a URL, a query's value, a row's key.
      err: (error: unknown): LoggedError =>
        error instanceof Error
          ? serializeError(error, 0, new WeakSet([error]))
          : { type: typeof error, message: scrubText(String(error)), stack: '' },
    },
    hooks: {
      // The messages themselves (Fastify's own name the URL, such as "Reply was already sent … in /…").
      logMethod(args, method) {
        method.apply(
          this,
          args.map((arg) => (typeof arg === 'string' ? scrubText(arg) : arg)) as Parameters<typeof method>,
        );
      },
    },
  };
}
