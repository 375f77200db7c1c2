import net from 'node:net';
import path from 'node:path';
import { DEFAULT_TIMEZONE } from '@common/contract/club-defaults';
import { LIMITS } from '@common/contract/limits';

export interface RateLimits {
  /** Requests a minute per client IP; counters live in each server process. */
  login: number;
  confirm: number;
  reset: number;
  /** The calendar feed (`/api/calendar/{token}.ics`), whose token is its only credential. */
  calendar: number;
  /** Per member per 10 minutes (docs/rules.md#abuse-limits): signed-in writes, and subscription changes per event. */
  writes: number;
  subscriptionChanges: number;
}

/**
 * Which peers may tell the client's address through X-Forwarded-For: none (`false`), the nearest N hops,
 * or the proxies' own addresses/CIDRs. Never "every hop": a client would then choose its own IP.
 */
export type TrustProxy = false | number | string[];

export interface Config {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  /** PostgreSQL: how the application connects as its role (app-role.ts); DATABASE_URL stays the owner's. */
  appDatabaseUrl: string | undefined;
  dataDir: string;
  /**
   * The first club's key (CLUB_ID): a name, not the database id. It names the club's folder under DATA_DIR
   * and the domain of its signed links and Message-IDs (`Club.key`, which the other clubs' rows hold).
   */
  clubKey: string;
  clubTimezone: string;
  smtpUrl: string | undefined;
  /**
   * The French national address search (`…/search/`), asked by the browser when an event is saved. A
   * setting rather than a build constant so one built app can be pointed at a local stand-in (tests) and
   * so the CSP's connect-src follows it; the browser reads it through the public settings route.
   */
  addressSearchUrl: string;
  /** The From of every message. */
  mailFrom: string;
  /** MAIL_REPLY_TO: where answers to the club's mails go when not to the From (a group mail's go to its organiser). */
  mailReplyTo: string | undefined;
  /** Web push: the VAPID key pair when given in the environment (else generated into DATA_DIR/vapid.json). */
  vapidKeys: { publicKey: string; privateKey: string } | undefined;
  /** Who the push services may contact about our pushes: a `mailto:` or https URL. */
  vapidSubject: string;
  publicUrl: string;
  staticDir: string;
  logLevel: string;
  rateLimits: RateLimits;
  trustProxy: TrustProxy;
  /** A host no club claims gets a 404 instead of the first club (STRICT_HOSTS=1). */
  strictHosts: boolean;
  /**
   * Test-only: false turns off the row locks of capacity and stock checks, so the race tests can show they
   * fail without them (the negative control). Never set in production.
   */
  rowLocks: boolean;
  /** Test-only: a file where each Idempotency-Key received and executed is logged (exactly-once checks). */
  testReplayLog: string | undefined;
}

/** A setting the server cannot start with; main.ts prints only its message, which says what to write. */
export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

function positiveInt(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed <= 0)
    throw new ConfigError(`${name} must be a positive integer, got "${value}"`);
  return parsed;
}

const TRUST_PROXY_HINT =
  'write the number of proxies in front of the server (TRUST_PROXY=1 behind one reverse proxy) ' +
  'or their addresses (TRUST_PROXY=10.0.0.2,10.0.0.0/8)';

/** An IPv4/IPv6 address, or one with a prefix length (`10.0.0.0/8`, `fd00::/8`). */
function isAddressOrCidr(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = net.isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (version === 4 ? 32 : 128);
}

/** TRUST_PROXY: unset, empty, `false` or `0` → no proxy; N → the nearest N hops; else a list of addresses. */
function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = (value ?? '').trim();
  // `false` is what "no proxy" looked like before hop counts and lists: still accepted, same meaning.
  if (text === '' || text.toLowerCase() === 'false') return false;
  if (text.toLowerCase() === 'true')
    throw new ConfigError(
      `TRUST_PROXY=true would let any client choose its own IP through X-Forwarded-For; ${TRUST_PROXY_HINT}`,
    );
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    return hops === 0 ? false : hops;
  }
  const entries = text.split(',').map((entry) => entry.trim());
  const wrong = entries.filter((entry) => !isAddressOrCidr(entry));
  if (wrong.length > 0)
    throw new ConfigError(
      `TRUST_PROXY: ${wrong.map((entry) => `"${entry}"`).join(', ')} is not an IP address or CIDR; ${TRUST_PROXY_HINT}`,
    );
  return entries;
}

export const DEFAULT_ADDRESS_SEARCH_URL = 'https://api-adresse.data.gouv.fr/search/';

function httpUrl(value: string | undefined, fallback: string, name: string): string {
  const text = value?.trim() || fallback;
  try {
    const url = new URL(text);
    if (url.protocol === 'https:' || url.protocol === 'http:') return url.href;
  } catch {
    // reported below
  }
  throw new ConfigError(`${name} must be an http(s) URL, got "${text}"`);
}

function vapidKeysFrom(env: NodeJS.ProcessEnv): Config['vapidKeys'] {
  const publicKey = env.VAPID_PUBLIC_KEY?.trim();
  const privateKey = env.VAPID_PRIVATE_KEY?.trim();
  if (!publicKey && !privateKey) return undefined;
  if (!publicKey || !privateKey)
    throw new ConfigError(
      'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together: set both, or neither to use generated keys',
    );
  return { publicKey, privateKey };
}

/** The club's address from MAIL_FROM (`Name <address>` or a bare address), else the public URL. */
function defaultVapidSubject(mailFrom: string, publicUrl: string): string {
  const address =
    /<([^<>\s]+@[^<>\s]+)>/.exec(mailFrom)?.[1] ?? (/^\S+@\S+$/.test(mailFrom) ? mailFrom : null);
  return address ? `mailto:${address}` : publicUrl;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = positiveInt(env.PORT, 3000, 'PORT');
  const clubKey = env.CLUB_ID || 'default';
  if (!/^[a-z0-9_-]{1,64}$/i.test(clubKey))
    throw new ConfigError(`CLUB_ID must match [a-z0-9_-]{1,64}, got "${clubKey}"`);
  const mailFrom = env.MAIL_FROM || 'Équipée <no-reply@localhost>';
  const publicUrl = (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/$/, '');
  return {
    port,
    host: env.HOST || '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    appDatabaseUrl: env.APP_DATABASE_URL || undefined,
    dataDir: path.resolve(env.DATA_DIR || './data'),
    clubKey,
    clubTimezone: env.CLUB_TIMEZONE || DEFAULT_TIMEZONE,
    smtpUrl: env.SMTP_URL || undefined,
    addressSearchUrl: httpUrl(env.ADDRESS_SEARCH_URL, DEFAULT_ADDRESS_SEARCH_URL, 'ADDRESS_SEARCH_URL'),
    mailFrom,
    mailReplyTo: env.MAIL_REPLY_TO?.trim() || undefined,
    vapidKeys: vapidKeysFrom(env),
    vapidSubject: env.VAPID_SUBJECT?.trim() || defaultVapidSubject(mailFrom, publicUrl),
    publicUrl,
    staticDir: path.resolve(env.STATIC_DIR || './dist'),
    logLevel: env.LOG_LEVEL || 'info',
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    strictHosts: env.STRICT_HOSTS === '1' || env.STRICT_HOSTS === 'true',
    rowLocks: env.EQUIPEE_TEST_DISABLE_ROW_LOCKS !== 'true',
    testReplayLog: env.EQUIPEE_TEST_REPLAY_LOG || undefined,
    rateLimits: {
      login: positiveInt(env.RATE_LIMIT_LOGIN, 60, 'RATE_LIMIT_LOGIN'),
      confirm: positiveInt(env.RATE_LIMIT_CONFIRM, 60, 'RATE_LIMIT_CONFIRM'),
      reset: positiveInt(env.RATE_LIMIT_RESET, 10, 'RATE_LIMIT_RESET'),
      calendar: positiveInt(env.RATE_LIMIT_CALENDAR, 60, 'RATE_LIMIT_CALENDAR'),
      writes: positiveInt(env.RATE_LIMIT_WRITES, LIMITS.writesPerUser, 'RATE_LIMIT_WRITES'),
      subscriptionChanges: positiveInt(
        env.RATE_LIMIT_SUBSCRIPTION_CHANGES,
        LIMITS.subscriptionChangesPerEvent,
        'RATE_LIMIT_SUBSCRIPTION_CHANGES',
      ),
    },
  };
}
