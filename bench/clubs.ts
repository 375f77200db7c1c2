// Several clubs, measured: 200 clubs × 30 members × a week of events on one PostgreSQL. The week read loaded
// across every club (each request with its club's host and token, in turn) beside the same read in a single
// club of the same deployment; then the subscribe race (exactly N seats) run in 20 clubs at once.
// PostgreSQL only (DATABASE_URL; `npm run bench` starts a throwaway cluster): the point is one database
// holding every club. BENCH_CLUBS changes the count.

import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { buildApp } from '../server/app';
import { settled } from '../server/background';
import { loadConfig } from '../server/config';
import { clubRegistry } from '../server/db/club-scope/club-registry';
import { type Club, runInClub } from '../server/db/club-scope/current-club';
import { openDatabase } from '../server/db/connect';
import type { Database } from '../server/db/schema';
import { startMailWorker } from '../server/mail/mail-worker';
import { createMailTransport } from '../server/mail/transport';
import { createClub } from '../server/modules/clubs/create-club';
import { insertSession } from '../server/modules/users/sessions.repository';
import { hashToken, newToken } from '../server/modules/users/tokens';
import { insertUser } from '../server/modules/users/users.repository';
import { formatFigures, load } from './load';
import { reportRow } from './summary';
import { seedWeek, WEEK_PATH } from './week-seed';

const CLUBS = Number(process.env.BENCH_CLUBS ?? 200);
const MEMBERS = 29; // and the organiser: 30 people a club
const EVENTS = 10;
const RACE_CLUBS = 20;
const SEATS = 5;
const RACERS = 25;

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  console.log('clubs: PostgreSQL only (set DATABASE_URL, or install Debian postgresql for npm run bench).');
  process.exit(0);
}

async function admin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query(statement);
  await client.end();
}

/** A signed-in member of `club`: a session written as a sign-in writes it (no password hashing: 5,000 of them). */
async function session(db: Kysely<Database>, userId: string): Promise<string> {
  const token = newToken();
  await insertSession(db, hashToken(token), userId, new Date('2026-01-01T00:00:00Z'));
  return token;
}

/** A PUT with its own Host header (fetch may not set one: it is a forbidden header there). */
function putJson(url: string, host: string, token: string, body: unknown): Promise<number> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method: 'PUT',
        headers: {
          host,
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
        },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

const schema = `bench_${randomUUID().replaceAll('-', '')}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'equipee-clubs-'));
await admin(`create schema ${schema}`);
const common = { databaseUrl, dataDir, holder: 'bench', searchPath: schema };
const owner = await openDatabase({ ...common, asOwner: true, poolSize: 4 });
const handle = await openDatabase({ ...common, poolSize: 10 });
const config = loadConfig({
  DATA_DIR: dataDir,
  STATIC_DIR: path.join(dataDir, 'none'),
  RATE_LIMIT_LOGIN: '1000000',
  RATE_LIMIT_WRITES: '1000000',
  RATE_LIMIT_SUBSCRIPTION_CHANGES: '1000000',
});
const now = () => new Date('2026-01-01T00:00:00Z');
const mail = startMailWorker({
  db: handle.db,
  clubs: clubRegistry(handle.db, config),
  now,
  transport: createMailTransport(config),
  log: console,
  intervalMs: 0,
});
try {
  const seeding = Date.now();
  const [first] = await clubRegistry(owner.db, config).all();
  const clubs: Club[] = [first as Club];
  for (let n = 2; n <= CLUBS; n++) {
    const host = `club${n}.bench.test`;
    const made = await createClub(owner.db, config, {
      name: `Club ${n}`,
      host,
      timezone: 'Europe/Paris',
      username: 'boss',
      email: `boss@${host}`,
      password: 'Bench-Passw0rd',
    });
    clubs.push(made.club);
  }
  // Seeded as the application's role, inside each club (the owner may be a superuser, who sees all).
  const tokens = new Map<number, string>();
  for (const club of clubs)
    await runInClub(club, async () => {
      await seedWeek(handle.db, EVENTS, MEMBERS);
      const orga = await handle.db
        .selectFrom('users')
        .select('id')
        .where('username', '=', 'orga')
        .executeTakeFirstOrThrow();
      tokens.set(club.id, await session(handle.db, orga.id));
    });
  console.log(
    `clubs: ${clubs.length} clubs × ${MEMBERS + 1} members × ${EVENTS} events a week seeded in ${((Date.now() - seeding) / 1000).toFixed(0)} s`,
  );
  clubRegistry(handle.db, config).forget();

  const app = await buildApp({ config, db: handle.db, dbKind: 'postgres', now, mail }, { logStream: false });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    const hostOf = (club: Club) => club.host ?? '127.0.0.1';
    const request = (club: Club) => ({
      method: 'GET',
      path: WEEK_PATH,
      headers: { host: hostOf(club), authorization: `Bearer ${tokens.get(club.id)}` },
    });
    // A first pass warms the process and the database (plans, caches); the figures are the second pass.
    await load(`${address}${WEEK_PATH}`, { requests: clubs.map(request), durationMs: 3000 });
    const all = await load(`${address}${WEEK_PATH}`, { requests: clubs.map(request) });
    const one = await load(`${address}${WEEK_PATH}`, { requests: [request(first as Club)] });
    console.log(`week read, one club of ${clubs.length}     ${formatFigures(one)}`);
    console.log(`week read, all ${clubs.length} clubs in turn ${formatFigures(all)}`);
    reportRow({
      measure: `week read across ${clubs.length} clubs (one PostgreSQL)`,
      value: `${Math.round(all.rps)} req/s, p99 ${all.p99.toFixed(1)} ms`,
      floor: `one club, same deployment ${Math.round(one.rps)} req/s, p99 ${one.p99.toFixed(1)} ms`,
      ratio: all.rps / one.rps,
      goal: '—',
    });

    // The race: in 20 clubs at once, 25 members each ask for one of 5 seats.
    const racing = clubs.slice(0, RACE_CLUBS);
    const races = await Promise.all(
      racing.map((club) =>
        runInClub(club, async () => {
          const model = await handle.db.selectFrom('event_models').select('uuid').executeTakeFirstOrThrow();
          const orga = await handle.db
            .selectFrom('users')
            .select('id')
            .where('username', '=', 'orga')
            .executeTakeFirstOrThrow();
          const eventUuid = randomUUID();
          await handle.db
            .insertInto('events')
            .values({
              uuid: eventUuid,
              model_uuid: model.uuid,
              creator_id: orga.id,
              start_date: new Date('2026-01-20T08:00:00Z'),
              end_date: new Date('2026-01-20T10:00:00Z'),
              street: null,
              city: 'Brest',
              zip_code: '29200',
              location: '',
              max_subscribers: SEATS,
              subscriber_is_infinite: false,
              is_cancelled: false,
            })
            .execute();
          const racers = [];
          for (let i = 0; i < RACERS; i++) {
            const user = await insertUser(handle.db, {
              username: `racer${i}`,
              email: `racer${i}@example.org`,
              password_hash: null,
              role_name: 'User',
              confirmed_at: now(),
            });
            racers.push({ id: user.id, token: await session(handle.db, user.id) });
          }
          return { club, eventUuid, racers };
        }),
      ),
    );
    const started = Date.now();
    const answers = await Promise.all(
      races.flatMap(({ club, eventUuid, racers }) =>
        racers.map((racer) =>
          putJson(`${address}/api/event/subscribe/status`, hostOf(club), racer.token, {
            uuid_event: eventUuid,
            uuid_user: racer.id,
            subscribe: true,
          }),
        ),
      ),
    );
    const raceMs = Date.now() - started;
    const seats = await Promise.all(
      races.map(({ club, eventUuid }) =>
        runInClub(club, () =>
          handle.db
            .selectFrom('subscriptions')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .where('event_uuid', '=', eventUuid)
            .executeTakeFirstOrThrow()
            .then((row) => Number(row.n)),
        ),
      ),
    );
    const exact = seats.every((n) => n === SEATS);
    const failed = answers.filter((status) => status >= 500).length;
    console.log(
      `subscribe race: ${RACE_CLUBS} clubs × ${RACERS} members for ${SEATS} seats at once: ${answers.length} requests in ${raceMs} ms; seats taken per club ${[...new Set(seats)].join(', ')} (${exact ? 'exactly' : 'NOT'} ${SEATS} in every club), ${failed} answers ≥ 500`,
    );
    reportRow({
      measure: `subscribe race in ${RACE_CLUBS} clubs at once (${SEATS} seats, ${RACERS} members each)`,
      value: `${answers.length} requests in ${raceMs} ms`,
      floor: '—',
      ratio: 1,
      goal: `exactly ${SEATS} seats in every club`,
      met: exact && failed === 0,
    });
  } finally {
    await app.close();
  }
} finally {
  await settled();
  await mail.stop();
  await handle.close();
  await owner.close();
  await admin(`drop schema ${schema} cascade`);
  fs.rmSync(dataDir, { recursive: true, force: true });
}
