// The week read (GET /api/event/from/{from}/to/{to}) beside its floor, measured in the same run: a bare
// Fastify (no plugins, no database) answering the very same bytes, both loaded by the same client
// (bench/load-client.mjs: 10 keep-alive connections, closed loop), in turn, three rounds of 3 s each, each
// figure the median of its three. PGlite in memory, or PostgreSQL in a throwaway schema when a database URL
// is given.

import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { settled } from '../server/background';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/connect';
import type { Database } from '../server/db/schema';
import { benchAppOn } from './bench-app';
import { seedAsFirstClub } from './first-club';
import { startFloor } from './floor-server';
import { formatFigures, type LoadFigures, load, medianFigures } from './load';
import { ORGANISER, seedWeek, WEEK_PATH } from './week-seed';

async function withSchema<T>(
  databaseUrl: string | undefined,
  run: (schema?: string) => Promise<T>,
): Promise<T> {
  if (!databaseUrl) return run();
  const schema = `bench_${randomUUID().replaceAll('-', '')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(statement);
    await client.end();
  };
  await admin(`create schema ${schema}`);
  try {
    return await run(schema);
  } finally {
    await admin(`drop schema ${schema} cascade`);
  }
}

/**
 * The real app (mail worker, no logs) on a seeded week, listening on loopback, with the organiser signed
 * in: `run` gets its address and token; everything is undone after.
 */
export async function withWeekApp<T>(
  databaseUrl: string | undefined,
  events: number,
  subscribers: number,
  run: (address: string, token: string, db: Kysely<Database>) => Promise<T>,
): Promise<T> {
  return withSchema(databaseUrl, async (schema) => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'equipee-bench-'));
    const handle = await openDatabase({
      databaseUrl,
      dataDir,
      holder: 'bench',
      inMemory: true,
      ...(schema ? { searchPath: schema } : {}),
    });
    const config = loadConfig({
      DATA_DIR: dataDir,
      STATIC_DIR: path.join(dataDir, 'none'),
      RATE_LIMIT_LOGIN: '100000',
    });
    await seedAsFirstClub(handle.db, config);
    const now = () => new Date('2026-01-01T00:00:00Z');
    const { app, mail } = await benchAppOn(handle.db, handle.kind, config, now);
    try {
      await seedWeek(handle.db, events, subscribers);
      const address = await app.listen({ port: 0, host: '127.0.0.1' });
      const login = await fetch(`${address}/api/user/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username_or_email: ORGANISER.username, password: ORGANISER.password }),
      });
      const { token } = (await login.json()) as { token: string };
      return await run(address, token, handle.db);
    } finally {
      await app.close();
      await settled();
      await mail.stop();
      await handle.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
}

const ROUNDS = 3;
const ROUND_MS = 3000;

export interface WeekFigures {
  app: LoadFigures;
  floor: LoadFigures;
  notModified: LoadFigures;
  bytes: number;
}

export function measureWeek(
  label: string,
  databaseUrl: string | undefined,
  events: number,
  subscribers: number,
): Promise<WeekFigures> {
  return withWeekApp(databaseUrl, events, subscribers, async (address, token) => {
    const headers = { authorization: `Bearer ${token}` };
    const first = await fetch(`${address}${WEEK_PATH}`, { headers });
    const body = Buffer.from(await first.arrayBuffer());
    const etag = first.headers.get('etag');
    const floor = await startFloor(WEEK_PATH, body);
    // The floor and the app in turn, ROUNDS times each: medians of loads taken side by side in time.
    const floorRuns: LoadFigures[] = [];
    const appRuns: LoadFigures[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      floorRuns.push(await load(floor.url, { durationMs: ROUND_MS }));
      appRuns.push(await load(`${address}${WEEK_PATH}`, { headers, durationMs: ROUND_MS }));
    }
    await floor.close();
    const floorFigures = medianFigures(floorRuns);
    const appFigures = medianFigures(appRuns);
    const notModified = etag
      ? await load(`${address}${WEEK_PATH}`, { headers: { ...headers, 'if-none-match': etag } })
      : appFigures;
    const name = `week ${events}×${subscribers} ${label}`.padEnd(28);
    console.log(
      `${name} floor ${formatFigures(floorFigures)}   (${body.length} bytes, bare Fastify, same bytes)`,
    );
    console.log(
      `${name} app   ${formatFigures(appFigures)}   ratio ${(appFigures.rps / floorFigures.rps).toFixed(2)} × floor`,
    );
    if (etag)
      console.log(
        `${name} 304   ${formatFigures(notModified)}   ratio ${(notModified.rps / floorFigures.rps).toFixed(2)} × floor (If-None-Match, unchanged week)`,
      );
    return { app: appFigures, floor: floorFigures, notModified, bytes: body.length };
  });
}
