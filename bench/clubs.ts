// Several clubs, measured: 200 clubs × 300 members × a week of events on one PostgreSQL, seeded with SQL
// (multi-row inserts through the repositories, no request to the API). The week read is loaded across every
// club (each request with its club's host and token, in turn) on one application process of its own
// (bench/clubs-process.ts), beside a bare Fastify answering the same bytes and beside the same read in a
// single club (each process having read every club's week once first); then on two processes at once, each
// loaded by its own client. Each process's resident memory is read after its load. Then the subscribe race (exactly N seats) run in 20 clubs at once.
// PostgreSQL only (DATABASE_URL; `npm run bench` starts a throwaway cluster): the point is one database
// holding every club. BENCH_CLUBS changes the count.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { settled } from '../server/background';
import { loadConfig } from '../server/config';
import { clubRegistry } from '../server/db/club-scope/club-registry';
import { type Club, runInClub } from '../server/db/club-scope/current-club';
import { openDatabase } from '../server/db/connect';
import type { Database } from '../server/db/schema';
import { createClub } from '../server/modules/clubs/create-club';
import { insertSession } from '../server/modules/users/sessions.repository';
import { hashToken, newToken } from '../server/modules/users/tokens';
import { insertUser } from '../server/modules/users/users.repository';
import { startFloor } from './floor-server';
import { formatFigures, load } from './load';
import { reportRow } from './summary';
import { seedWeek, WEEK_PATH } from './week-seed';

const CLUBS = Number(process.env.BENCH_CLUBS ?? 200);
const MEMBERS = 299; // and the organiser: 300 people a club
const SUBSCRIBERS = 29; // on each event
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

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;

/** The week's bytes as one club's organiser gets them (http.request: fetch may not set a Host header). */
function fetchWeek(address: string, headers: Record<string, string>): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    http
      .get(`${address}${WEEK_PATH}`, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve(Buffer.concat(chunks)));
      })
      .on('error', reject);
  });
}

/** Reads each club's week once, ten at a time (each process builds every week once); the time it took. */
async function readEveryWeek(
  address: string,
  requests: Array<{ headers: Record<string, string> }>,
): Promise<number> {
  const started = Date.now();
  const queue = [...requests];
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) await fetchWeek(address, next.headers);
  };
  await Promise.all(Array.from({ length: 10 }, worker));
  return Date.now() - started;
}

interface AppProcess {
  address: string;
  /** Its resident memory now. */
  memory(): Promise<number>;
  stop(): Promise<void>;
}

/** An application process of its own (bench/clubs-process.ts) on the bench's schema. */
async function startProcess(): Promise<AppProcess> {
  const child: ChildProcess = spawn(
    process.execPath,
    [
      path.join('node_modules', 'tsx', 'dist', 'cli.mjs'),
      path.join(import.meta.dirname, 'clubs-process.ts'),
      databaseUrl as string,
      schema,
      dataDir,
    ],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const lines = readline.createInterface({ input: child.stdout as NodeJS.ReadableStream });
  const waiting: ((line: Record<string, unknown>) => void)[] = [];
  lines.on('line', (line) => {
    if (line.startsWith('{')) waiting.shift()?.(JSON.parse(line) as Record<string, unknown>);
  });
  const next = () => new Promise<Record<string, unknown>>((resolve) => waiting.push(resolve));
  const { address } = (await next()) as { address: string };
  return {
    address,
    async memory() {
      const answer = next();
      child.stdin?.write('memory\n');
      return (await answer).rssBytes as number;
    },
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.stdin?.end();
      await exited;
    },
  };
}

const schema = `bench_${randomUUID().replaceAll('-', '')}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'equipee-clubs-'));
await admin(`create schema ${schema}`);
const common = { databaseUrl, dataDir, holder: 'bench', searchPath: schema };
const owner = await openDatabase({ ...common, asOwner: true, poolSize: 4 });
const handle = await openDatabase({ ...common, poolSize: 10 });
// The seeding's own config (the application processes load theirs, bench/clubs-process.ts).
const config = loadConfig({ DATA_DIR: dataDir, STATIC_DIR: path.join(dataDir, 'none') });
const now = () => new Date('2026-01-01T00:00:00Z');
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
      await seedWeek(handle.db, EVENTS, SUBSCRIBERS, MEMBERS);
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

  const primary = await startProcess();
  const servers = [primary];
  try {
    const address = primary.address;
    const hostOf = (club: Club) => club.host ?? '127.0.0.1';
    const request = (club: Club) => ({
      method: 'GET',
      path: WEEK_PATH,
      headers: { host: hostOf(club), authorization: `Bearer ${tokens.get(club.id)}` },
    });
    const everyClub = clubs.map(request);
    // Every club's week is read once first, so the figures are those of a process that keeps each club's
    // current week, as one does after its first minutes: a timed warm-up alone ended before its 200 builds
    // (15–40 ms each on a slow host, the ten connections asking the same club at once), and the measured
    // pass then paid the rest. Then a pass warms the process and the database (plans, statements).
    const firstReads = await readEveryWeek(address, everyClub);
    console.log(`week read, first read of each of the ${clubs.length} clubs' weeks: ${firstReads} ms in all`);
    await load(`${address}${WEEK_PATH}`, { requests: everyClub, durationMs: 3000 });
    const all = await load(`${address}${WEEK_PATH}`, { requests: everyClub });
    const rssOne = await primary.memory();
    const one = await load(`${address}${WEEK_PATH}`, { requests: [request(clubs[0] as Club)] });
    // The floor: a bare Fastify answering one club's week, the same bytes, same client.
    const sample = await fetchWeek(address, request(clubs[0] as Club).headers);
    const floorServer = await startFloor(WEEK_PATH, sample);
    const floor = await load(floorServer.url);
    await floorServer.close();
    console.log(`week read, bare Fastify (${sample.length} bytes)  ${formatFigures(floor)}`);
    console.log(`week read, one club of ${clubs.length}     ${formatFigures(one)}`);
    console.log(`week read, all ${clubs.length} clubs in turn ${formatFigures(all)}, process ${mib(rssOne)}`);
    reportRow({
      measure: `week read across ${clubs.length} clubs × ${MEMBERS + 1} members, one process`,
      value: `${Math.round(all.rps)} req/s, p99 ${all.p99.toFixed(1)} ms, ${mib(rssOne)} resident`,
      floor: `bare Fastify, same ${sample.length} bytes ${Math.round(floor.rps)} req/s, p99 ${floor.p99.toFixed(1)} ms`,
      ratio: all.rps / floor.rps,
      goal: '—',
    });
    reportRow({
      measure: `week read across ${clubs.length} clubs beside one club`,
      value: `${Math.round(all.rps)} req/s, p99 ${all.p99.toFixed(1)} ms`,
      floor: `one club, same deployment ${Math.round(one.rps)} req/s, p99 ${one.p99.toFixed(1)} ms`,
      ratio: all.rps / one.rps,
      goal: '—',
    });

    // Two processes on the same database, each loaded as the one was (its own client, every club in turn).
    const second = await startProcess();
    servers.push(second);
    await readEveryWeek(second.address, everyClub);
    await load(`${second.address}${WEEK_PATH}`, { requests: everyClub, durationMs: 3000 });
    const both = await Promise.all(
      servers.map((server) => load(`${server.address}${WEEK_PATH}`, { requests: everyClub })),
    );
    const rssBoth = await Promise.all(servers.map((server) => server.memory()));
    const twoRps = both.reduce((sum, figures) => sum + figures.rps, 0);
    const twoP99 = Math.max(...both.map((figures) => figures.p99));
    console.log(
      `week read, all ${clubs.length} clubs, two processes: ${Math.round(twoRps)} req/s in all (${both.map((f) => Math.round(f.rps)).join(' + ')}), p99 ${twoP99.toFixed(1)} ms, processes ${rssBoth.map(mib).join(' and ')}`,
    );
    reportRow({
      measure: `week read across ${clubs.length} clubs, two processes`,
      value: `${Math.round(twoRps)} req/s, p99 ${twoP99.toFixed(1)} ms, ${rssBoth.map(mib).join(' + ')} resident`,
      floor: `one process ${Math.round(all.rps)} req/s, p99 ${all.p99.toFixed(1)} ms`,
      ratio: twoRps / all.rps,
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
    await Promise.all(servers.map((server) => server.stop()));
  }
} finally {
  await settled();
  await handle.close();
  await owner.close();
  await admin(`drop schema ${schema} cascade`);
  fs.rmSync(dataDir, { recursive: true, force: true });
}
