import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../server/db/connect';
import { hashPassword } from '../../../server/modules/users/passwords';
import { insertUser } from '../../../server/modules/users/users.repository';
import { openFirstClubDatabase } from '../helpers/clubs';
import { databaseOf, withPg } from '../helpers/database-template';
import { freePort, startServer, stopServer } from '../helpers/server-child';

/**
 * Crash safety under load: the real server in a child process, a write load of subscriptions and checklist
 * ticks from many clients, `kill -9` mid-load, a restart on the same data. Every write that got a 2xx must be
 * there, capacity must hold, and replaying each 2xx with its Idempotency-Key answers the same without a
 * second effect. PGlite under a fresh DATA_DIR, or, when DATABASE_URL is set, a fresh database in that
 * cluster.
 */
const PASSWORD = 'Crash-Passw0rd';
const MEMBERS = 30;
const CAPACITY = 10;
const SUBSCRIBE_EVENTS = 4;
const TICK_ROUNDS = 4;
/** Answered writes before the kill: half the planned load (the events fill up before it). */
const KILL_AFTER_ANSWERS = Math.round(0.5 * (SUBSCRIBE_EVENTS * MEMBERS + TICK_ROUNDS * MEMBERS));

interface Write {
  kind: 'subscribe' | 'tick';
  token: string;
  url: string;
  key: string;
  body: Record<string, unknown>;
  status?: number;
  answer?: unknown;
}

let dataDir: string;
let databaseUrl: string | undefined;
let dropDatabase: (() => Promise<void>) | undefined;
let env: NodeJS.ProcessEnv;
let baseUrl: string;
let server: ChildProcess | undefined;
const modelUuid = randomUUID();

const open = (): Promise<DatabaseHandle> => openFirstClubDatabase({ databaseUrl, dataDir, holder: 'test' });

async function api(method: string, url: string, token?: string, body?: unknown, key?: string) {
  const response = await fetch(`${baseUrl}${url}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(key ? { 'idempotency-key': key } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, json: text ? (JSON.parse(text) as unknown) : null };
}

async function signIn(username: string): Promise<string> {
  const { status, json } = await api('POST', '/api/user/login', undefined, {
    username_or_email: username,
    password: PASSWORD,
  });
  if (status !== 200) throw new Error(`sign-in failed for ${username}: ${status} ${JSON.stringify(json)}`);
  return (json as { token: string }).token;
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'equipee-crash-'));
  if (process.env.DATABASE_URL) {
    const name = `crash_${randomUUID().replaceAll('-', '')}`;
    const admin = process.env.DATABASE_URL;
    await withPg(admin, (client) => client.query(`create database ${name}`));
    databaseUrl = databaseOf(admin, name);
    // pg's pool.end() resolves before its sockets have closed: a forced drop while they still close
    // terminates those backends, and the ending clients (no listener left) throw it as an unhandled
    // error. So the drop waits, a few seconds at most, for the database's last sessions to go.
    dropDatabase = () =>
      withPg(admin, async (client) => {
        const deadline = Date.now() + 5_000;
        const sessions = async () =>
          Number(
            (
              await client.query<{ n: string }>(
                'select count(*) as n from pg_stat_activity where datname = $1',
                [name],
              )
            ).rows[0]?.n ?? 0,
          );
        while (Date.now() < deadline && (await sessions()) > 0)
          await new Promise((resolve) => setTimeout(resolve, 100));
        await client.query(`drop database if exists ${name} with (force)`);
      });
  }
  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  env = {
    ...process.env,
    DATA_DIR: dataDir,
    STATIC_DIR: path.join(dataDir, 'no-build'),
    DATABASE_URL: databaseUrl ?? '',
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_LOGIN: '100000',
  };
  // Seeded through the repositories before the server opens the data (one hash for all: argon2 is slow).
  const handle = await open();
  try {
    const password_hash = await hashPassword(PASSWORD);
    const seed = (username: string, role_name: 'Contributor' | 'User') =>
      insertUser(handle.db, {
        username,
        email: `${username}@example.org`,
        password_hash,
        role_name,
        confirmed_at: new Date(),
      });
    await seed('orga', 'Contributor');
    for (let i = 0; i < MEMBERS; i++) await seed(`member${i}`, 'User');
    await handle.db
      .insertInto('event_models')
      .values({ uuid: modelUuid, name: 'Kayak', description: 'Kayak au club' })
      .execute();
  } finally {
    await handle.close();
  }
}, 60_000);

afterAll(async () => {
  if (server) await stopServer(server, 'SIGKILL');
  await dropDatabase?.();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('crash safety under load', () => {
  it('kill -9 mid-load, restart: every acknowledged write is there, capacity holds, replays answer the same', async () => {
    const started = Date.now();
    server = await startServer(env, baseUrl);

    // Setup through the API: the organiser's events, the members' sessions, the checklist's subscribers.
    const organiser = await signIn('orga');
    const members: Array<{ id: string; token: string }> = [];
    for (let i = 0; i < MEMBERS; i++) {
      const token = await signIn(`member${i}`);
      const me = await api('GET', '/api/user/me', token);
      members.push({ id: (me.json as { id: string }).id, token });
    }
    const createEvent = async (day: number, extra: Record<string, unknown>) => {
      const start = new Date(Date.now() + day * 86_400_000);
      const response = await api('POST', '/api/event/add-or-update', organiser, {
        uuid_model_event: modelUuid,
        start_date: start.toISOString(),
        end_date: new Date(start.getTime() + 7_200_000).toISOString(),
        city: 'Brest',
        zip_code: '29200',
        stuffs_available: [],
        ...extra,
      });
      expect(response.status, JSON.stringify(response.json)).toBe(200);
      return (response.json as { uuid_event: string }).uuid_event;
    };
    const subscribeEvents: string[] = [];
    for (let e = 0; e < SUBSCRIBE_EVENTS; e++)
      subscribeEvents.push(await createEvent(2 + e, { max_subscribers: CAPACITY }));
    const checklistEvent = await createEvent(1, { subscriber_is_infinite: true });
    for (const m of members) {
      const joined = await api('PUT', '/api/event/subscribe/status', m.token, {
        uuid_event: checklistEvent,
        uuid_user: m.id,
        subscribe: true,
      });
      expect(joined.status).toBe(200);
    }

    // The load: one client per member subscribing to every event in its own order, and one organiser's
    // client per member setting that member's check round after round (each with a later device time).
    const subscribeQueues = members.map((m, i) =>
      subscribeEvents
        .map((_, e) => subscribeEvents[(e + i) % SUBSCRIBE_EVENTS] as string)
        .map<Write>((uuidEvent) => ({
          kind: 'subscribe',
          token: m.token,
          url: '/api/event/subscribe/status',
          key: `sub-${m.id}-${uuidEvent}`,
          body: { uuid_event: uuidEvent, uuid_user: m.id, subscribe: true },
        })),
    );
    const tickBase = Date.now() - 10 * 60_000;
    const ticks: Write[] = [];
    for (let round = 0; round < TICK_ROUNDS; round++)
      for (const m of members)
        ticks.push({
          kind: 'tick',
          token: organiser,
          url: '/api/event/checklist',
          key: `tick-${m.id}-${round}`,
          body: {
            event_uuid: checklistEvent,
            is_invited: false,
            user_id: m.id,
            is_checked: round % 2 === 0,
            checked_at: new Date(tickBase + round * 1000).toISOString(),
          },
        });
    const tickQueues = members.map((m) => ticks.filter((t) => t.body.user_id === m.id));
    const all = [...subscribeQueues.flat(), ...ticks];

    const loadStarted = Date.now();
    let answers = 0;
    let killed = false;
    let killing: Promise<void> | undefined;
    const killNow = () => {
      if (killing || !server) return;
      const victim = server;
      killing = stopServer(victim, 'SIGKILL').then(() => {
        killed = true;
      });
    };
    const client = async (queue: Write[]) => {
      for (const write of queue) {
        if (killing) return;
        try {
          const answer = await api('PUT', write.url, write.token, write.body, write.key);
          write.status = answer.status;
          write.answer = answer.json;
          if (++answers >= KILL_AFTER_ANSWERS) killNow();
        } catch {
          return; // the connection died with the server: outcome unknown, nothing is required of it
        }
      }
    };
    // Clients start alternately: on PGlite the clients that start first otherwise hog the one connection.
    await Promise.all(subscribeQueues.flatMap((queue, i) => [queue, tickQueues[i] ?? []]).map(client));
    await killing;
    expect(killed).toBe(true);
    const loadMs = Date.now() - loadStarted;

    const acked = all.filter((w) => w.status !== undefined && w.status >= 200 && w.status < 300);
    const refused = all.filter((w) => w.status !== undefined && w.status >= 300);
    const unknown = all.filter((w) => w.status === undefined);
    // Mid-load: writes of both kinds were acknowledged, and some of both never got an answer.
    expect(acked.filter((w) => w.kind === 'subscribe').length).toBeGreaterThan(0);
    expect(acked.filter((w) => w.kind === 'tick').length).toBeGreaterThan(0);
    expect(unknown.filter((w) => w.kind === 'subscribe').length).toBeGreaterThan(0);
    expect(unknown.filter((w) => w.kind === 'tick').length).toBeGreaterThan(0);
    // Only capacity refusals are expected.
    expect(new Set(refused.map((w) => `${w.status} ${(w.answer as { code?: string })?.code}`))).toEqual(
      new Set(refused.length ? ['409 event_full'] : []),
    );
    const lockPath = path.join(dataDir, 'pglite.lock');
    const staleLock = !databaseUrl && fs.existsSync(lockPath);
    if (!databaseUrl) expect(staleLock, 'kill -9 leaves the lock file behind').toBe(true);

    // Restart on the same data: the stale lock must not block it.
    const restartStarted = Date.now();
    server = await startServer(env, baseUrl);
    const restartMs = Date.now() - restartStarted;

    const snapshot = async () => {
      const events: Record<string, { count: number; subscribers: string[] }> = {};
      for (const uuid of [...subscribeEvents, checklistEvent]) {
        const response = await api('GET', `/api/event/${uuid}`, organiser);
        expect(response.status).toBe(200);
        const event = response.json as {
          subcribers_count: number;
          subscribers_with_stuff: Array<{ id: string; is_checked: boolean }>;
        };
        events[uuid] = {
          count: event.subcribers_count,
          subscribers: event.subscribers_with_stuff.map((s) => `${s.id}:${s.is_checked}`).sort(),
        };
      }
      return events;
    };
    const before = await snapshot();

    // Every acknowledged subscription is there; no event holds more than its capacity.
    const missingSubscriptions = acked
      .filter((w) => w.kind === 'subscribe')
      .filter((w) => {
        const event = before[w.body.uuid_event as string];
        return !event?.subscribers.some((s) => s.startsWith(`${w.body.uuid_user}:`));
      })
      .map((w) => w.key);
    expect(missingSubscriptions, 'acknowledged subscriptions lost by the crash').toEqual([]);
    for (const uuid of subscribeEvents) {
      expect(before[uuid]?.count).toBeLessThanOrEqual(CAPACITY);
      expect(before[uuid]?.subscribers.length).toBe(before[uuid]?.count);
      expect(new Set(before[uuid]?.subscribers.map((s) => s.split(':')[0])).size).toBe(before[uuid]?.count);
    }

    // Replays with the same key answer the first answer and change nothing.
    const differing: string[] = [];
    for (const write of acked) {
      const replay = await api('PUT', write.url, write.token, write.body, write.key);
      if (replay.status !== write.status || JSON.stringify(replay.json) !== JSON.stringify(write.answer))
        differing.push(`${write.key}: ${replay.status} ${JSON.stringify(replay.json).slice(0, 200)}`);
    }
    expect(differing, 'replays answering otherwise than the first time').toEqual([]);
    expect(await snapshot()).toEqual(before);

    await stopServer(server, 'SIGTERM');
    server = undefined;

    // Every acknowledged tick is there: the stored check is as new as the newest acknowledged one, and is
    // one of the writes sent (so never older state). One stored key per acknowledged write.
    const handle = await open();
    try {
      const rows = await handle.db
        .selectFrom('subscriptions')
        .select(['user_id', 'is_checked', 'checked_at'])
        .where('event_uuid', '=', checklistEvent)
        .execute();
      const lostTicks: string[] = [];
      for (const m of members) {
        const row = rows.find((r) => r.user_id === m.id);
        const mine = ticks.filter((t) => t.body.user_id === m.id);
        const newestAcked = mine
          .filter((t) => acked.includes(t))
          .map((t) => Date.parse(t.body.checked_at as string))
          .reduce((a, b) => Math.max(a, b), Number.NEGATIVE_INFINITY);
        const stored = row?.checked_at ? row.checked_at.getTime() : Number.NEGATIVE_INFINITY;
        const sent = mine.find((t) => Date.parse(t.body.checked_at as string) === stored);
        if (stored < newestAcked || (row?.checked_at && sent?.body.is_checked !== row.is_checked))
          lostTicks.push(`${m.id}: stored ${row?.is_checked}@${row?.checked_at?.toISOString()}`);
      }
      expect(lostTicks, 'acknowledged ticks lost by the crash').toEqual([]);
      const perEvent = await handle.db
        .selectFrom('subscriptions')
        .select(['event_uuid', (eb) => eb.fn.countAll<string>().as('n')])
        .where('event_uuid', 'in', subscribeEvents)
        .groupBy('event_uuid')
        .execute();
      for (const { n } of perEvent) expect(Number(n)).toBeLessThanOrEqual(CAPACITY);
      const keys = await handle.db
        .selectFrom('idempotency_keys')
        .select('key')
        .where(
          'key',
          'in',
          acked.map((w) => w.key),
        )
        .execute();
      expect(keys.length).toBe(acked.length);
    } finally {
      await handle.close();
    }

    console.log(
      `crash safety (${databaseUrl ? 'PostgreSQL' : 'PGlite'}): ${all.length} writes planned, ` +
        `${acked.length} acknowledged (${acked.filter((w) => w.kind === 'tick').length} ticks), ` +
        `${unknown.filter((w) => w.kind === 'subscribe').length} subscribes and ` +
        `${unknown.filter((w) => w.kind === 'tick').length} ticks unanswered, ` +
        `${refused.length} refused (full), kill -9 after ${loadMs} ms of load; ` +
        `seated ${subscribeEvents.map((u) => before[u]?.count).join(',')}/${CAPACITY}; ` +
        `stale lock taken over: ${staleLock}; restart ${restartMs} ms; total ${Date.now() - started} ms`,
    );
  }, 90_000);
});
