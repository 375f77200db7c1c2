import path from 'node:path';

export interface RateLimits {
  /** Requests a minute per client IP; counters live in each server process. */
  login: number;
  confirm: number;
  reset: number;
}

export interface Config {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  clubId: string;
  clubTimezone: string;
  smtpUrl: string | undefined;
  /** The From of every message. */
  mailFrom: string;
  publicUrl: string;
  staticDir: string;
  logLevel: string;
  rateLimits: RateLimits;
  /**
   * Test-only: false turns off the row locks of capacity and stock checks, so the race tests can show they
   * fail without them (the negative control). Never set in production.
   */
  rowLocks: boolean;
  /** Test-only: a file where each Idempotency-Key received and executed is logged (exactly-once checks). */
  testReplayLog: string | undefined;
}

function positiveInt(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed <= 0)
    throw new Error(`${name} must be a positive integer, got "${value}"`);
  return parsed;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = positiveInt(env.PORT, 3000, 'PORT');
  const clubId = env.CLUB_ID || 'default';
  if (!/^[a-z0-9_-]{1,64}$/i.test(clubId))
    throw new Error(`CLUB_ID must match [a-z0-9_-]{1,64}, got "${clubId}"`);
  return {
    port,
    host: env.HOST || '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: path.resolve(env.DATA_DIR || './data'),
    clubId,
    clubTimezone: env.CLUB_TIMEZONE || 'Europe/Paris',
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || 'Équipée <no-reply@localhost>',
    publicUrl: (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/$/, ''),
    staticDir: path.resolve(env.STATIC_DIR || './dist'),
    logLevel: env.LOG_LEVEL || 'info',
    rowLocks: env.EQUIPEE_TEST_DISABLE_ROW_LOCKS !== 'true',
    testReplayLog: env.EQUIPEE_TEST_REPLAY_LOG || undefined,
    rateLimits: {
      login: positiveInt(env.RATE_LIMIT_LOGIN, 60, 'RATE_LIMIT_LOGIN'),
      confirm: positiveInt(env.RATE_LIMIT_CONFIRM, 60, 'RATE_LIMIT_CONFIRM'),
      reset: positiveInt(env.RATE_LIMIT_RESET, 10, 'RATE_LIMIT_RESET'),
    },
  };
}
