import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app';
import { loadConfig } from '../../../server/config';
import type { Database } from '../../../server/db/schema';
import type { MailWorker } from '../../../server/mail/mail-worker';
import { databaseProbe } from '../../../server/modules/health/database-probe';

/** GET /api/health: a burst of probes costs one database ping; a database that is down answers 503. */
describe('the database probe', () => {
  function counted(outcome: () => Promise<void> = async () => undefined) {
    const clock = { ms: 0 };
    let pings = 0;
    const probe = databaseProbe(
      () => {
        pings++;
        return outcome();
      },
      1000,
      () => clock.ms,
    );
    return { probe, clock, pings: () => pings };
  }

  it('shares one ping among the probes that arrive while it runs', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { probe, pings } = counted(() => gate);
    const answers = Promise.all(Array.from({ length: 20 }, () => probe()));
    release();
    expect(await answers).toEqual(Array(20).fill(true));
    expect(pings()).toBe(1);
  });

  it('reuses an answer for under a second, then pings again', async () => {
    const { probe, clock, pings } = counted();
    await probe();
    clock.ms = 999;
    await probe();
    expect(pings()).toBe(1);
    clock.ms = 1000;
    await probe();
    expect(pings()).toBe(2);
  });

  it('tells a failed ping as down, and sees the database come back once the answer is a second old', async () => {
    let up = false;
    const { probe, clock } = counted(async () => {
      if (!up) throw new Error('connection refused');
    });
    expect(await probe()).toBe(false);
    up = true;
    expect(await probe()).toBe(false);
    clock.ms = 1000;
    expect(await probe()).toBe(true);
  });
});

describe('GET /api/health with the database down', () => {
  it('answers 503 with the error body, not a stack trace', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'equipee-health-'));
    // Nothing listens on port 1: every query fails to connect.
    const pool = new pg.Pool({ connectionString: 'postgres://nobody@127.0.0.1:1/none', max: 1 });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    const config = loadConfig({ DATA_DIR: dataDir, STATIC_DIR: path.join(dataDir, 'none') });
    const mail: MailWorker = {
      kick: () => undefined,
      runOnce: async () => ({ sent: 0, failed: 0 }),
      stop: async () => undefined,
    };
    const app = await buildApp(
      { config, db, dbKind: 'postgres', now: () => new Date(), mail },
      { logStream: false },
    );
    try {
      const response = await app.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ code: 'server_error' });
    } finally {
      await app.close();
      await db.destroy();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
