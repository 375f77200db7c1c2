// p50/p99 of GET /api/event/from/{from}/to/{to} for a week of 50 events × 30 subscribers, through the real
// HTTP stack on loopback. PGlite always; PostgreSQL too when DATABASE_URL is set. Prints figures only.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/connect';
import { startMailWorker } from '../server/mail/mail-worker';
import { createMailTransport } from '../server/mail/transport';
import { createConfirmedUser } from '../server/modules/users/create-user';
import { insertUser } from '../server/modules/users/users.repository';

const EVENTS = 50;
const SUBSCRIBERS = 30;
const REQUESTS = 200;

async function run(label: string, databaseUrl: string | undefined) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'equipee-bench-'));
  const schema = `bench_${randomUUID().replaceAll('-', '')}`;
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(`create schema ${schema}`);
    await client.end();
  }
  const handle = await openDatabase({
    databaseUrl,
    dataDir,
    holder: 'bench',
    inMemory: true,
    ...(databaseUrl ? { searchPath: schema } : {}),
  });
  const config = loadConfig({
    DATA_DIR: dataDir,
    STATIC_DIR: path.join(dataDir, 'none'),
    RATE_LIMIT_LOGIN: '100000',
  });
  const now = () => new Date('2026-01-01T00:00:00Z');
  const mail = startMailWorker({
    db: handle.db,
    now,
    transport: createMailTransport(config),
    log: console,
    intervalMs: 0,
  });
  const app = await buildApp({ config, db: handle.db, dbKind: handle.kind, now, mail }, { logStream: false });
  const db = handle.db;

  const organiser = await createConfirmedUser(db, {
    username: 'orga',
    email: 'orga@example.org',
    password: 'Bench-Passw0rd',
    role: 'Contributor',
  });
  const users = await Promise.all(
    Array.from({ length: SUBSCRIBERS }, (_, i) =>
      insertUser(db, {
        username: `member${i}`,
        email: `member${i}@example.org`,
        password_hash: null,
        role_name: 'User',
        confirmed_at: new Date(),
      }),
    ),
  );
  const model = randomUUID();
  await db.insertInto('event_models').values({ uuid: model, name: 'Kayak', description: 'Sortie' }).execute();
  const stuffs = [randomUUID(), randomUUID()];
  await db
    .insertInto('stuffs')
    .values(
      stuffs.map((uuid, i) => ({
        uuid,
        name: `Kayak ${i}`,
        description: 'x',
        stock: 40,
        is_infinite: false,
      })),
    )
    .execute();
  for (let e = 0; e < EVENTS; e++) {
    const uuid = randomUUID();
    const start = new Date(Date.UTC(2026, 0, 5 + (e % 7), 8 + (e % 10)));
    await db
      .insertInto('events')
      .values({
        uuid,
        model_uuid: model,
        creator_id: organiser.id,
        start_date: start,
        end_date: new Date(start.getTime() + 2 * 3_600_000),
        street: null,
        city: 'Brest',
        zip_code: '29200',
        location: '',
        max_subscribers: 40,
        subscriber_is_infinite: false,
        is_cancelled: false,
      })
      .execute();
    await db
      .insertInto('event_stuffs')
      .values(stuffs.map((stuff_uuid) => ({ event_uuid: uuid, stuff_uuid })))
      .execute();
    await db
      .insertInto('subscriptions')
      .values(
        users.map((u, i) => ({
          uuid: randomUUID(),
          event_uuid: uuid,
          user_id: u.id,
          stuff_uuid: i % 3 === 0 ? (stuffs[i % 2] as string) : null,
          created_at: now(),
          checked_at: null,
          checked_by: null,
        })),
      )
      .execute();
  }

  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const login = await fetch(`${address}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username_or_email: 'orga', password: 'Bench-Passw0rd' }),
  });
  const { token } = (await login.json()) as { token: string };
  const url = `${address}/api/event/from/2026-01-05/to/2026-01-11`;
  const headers = { authorization: `Bearer ${token}` };
  const first = (await (await fetch(url, { headers })).json()) as unknown[];
  const latencies: number[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    const t0 = performance.now();
    const response = await fetch(url, { headers });
    await response.arrayBuffer();
    latencies.push(performance.now() - t0);
  }
  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    (latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0).toFixed(1);
  console.log(
    `GET /api/event/from/to on ${label.padEnd(10)} ${first.length} events × ${SUBSCRIBERS} subscribers: p50 ${at(0.5)} ms, p99 ${at(0.99)} ms (${REQUESTS} requests, one at a time)`,
  );

  await app.close();
  await mail.stop();
  await handle.close();
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(`drop schema ${schema} cascade`);
    await client.end();
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
}

await run('PGlite', undefined);
if (process.env.DATABASE_URL) await run('PostgreSQL', process.env.DATABASE_URL);
else
  console.log(
    'GET /api/event/from/to on PostgreSQL: skipped (no DATABASE_URL; `npm run bench` starts a throwaway cluster when Debian postgresql is installed)',
  );
