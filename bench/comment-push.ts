// From a posted comment to its push request leaving the server (docs/rules.md#talking-around-an-event), beside
// its floor measured in the same run: a subscription's own push, the one that leaves at once when a member
// leaves a full event and the first one waiting is promoted (`waiting_list_promotion`, docs/rules.md#waiting-list).
// The real app in process (PGlite in memory, the mail worker with its due notices, the push worker kicked
// after each commit as main.ts runs them, no timer) listening on loopback; the push network is stood in at its
// HTTP client (tests/server/helpers: names resolve to a public address, requests reach a local push service
// that decrypts them), and the time each push request is handed to it is recorded.
//  - measure: POST /api/event/{id}/comments by one of the 10 members subscribed to an event, each member and the
//    organiser with a push device (10 pushes a comment) → the first push request made;
//  - floor: PUT /api/event/subscribe/status by a member leaving a full event of 10 with one member waiting →
//    the promoted member's push request (the leaver then joins the waiting list again, untimed).
// Each write carries an Idempotency-Key, as the app's delivery sends it. 20 of each, alternating, after 3 of
// each to warm up; both workers are left idle before each write. Goal: the comment's median at most 1.5 × the
// promotion's median.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Kysely } from 'kysely';
import { buildApp } from '../server/app';
import { settled } from '../server/background';
import { loadConfig } from '../server/config';
import { clubRegistry } from '../server/db/club-scope/club-registry';
import { openDatabase } from '../server/db/connect';
import type { Database } from '../server/db/schema';
import { writeDueNotices } from '../server/jobs/due-notices';
import { startMailWorker } from '../server/mail/mail-worker';
import { createMailTransport } from '../server/mail/transport';
import { startPushWorker } from '../server/modules/push/push-worker';
import { createConfirmedUser } from '../server/modules/users/create-user';
import type { PushNetwork } from '../server/push-network';
import { standInPushNetwork } from '../tests/server/helpers/push-network-stand-in';
import { startPushStandIn } from '../tests/server/helpers/push-stand-in';
import { seedAsFirstClub } from './first-club';
import { reportRow } from './summary';

const RUNS = Number(process.env.BENCH_PUSH_RUNS ?? 20);
const WARM_UP = 3;
const MEMBERS = 10;
const PASSWORD = 'Bench-Passw0rd';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'equipee-bench-comment-push-'));
const handle = await openDatabase({ dataDir, holder: 'bench', inMemory: true });
const config = loadConfig({
  DATA_DIR: dataDir,
  STATIC_DIR: path.join(dataDir, 'none'),
  RATE_LIMIT_LOGIN: '100000',
  RATE_LIMIT_WRITES: '100000',
  RATE_LIMIT_SUBSCRIPTION_CHANGES: '100000',
});
await seedAsFirstClub(handle.db, config);
const db = handle.db;

// The push network, stood in at the HTTP client: each request handed to it is stamped, then sent on to the
// local push service.
const pushService = await startPushStandIn();
const standIn = standInPushNetwork();
standIn.setHost(pushService.host, pushService.origin);
const sent: Array<{ at: number; path: string }> = [];
const network: PushNetwork = {
  resolve: (host) => standIn.network.resolve(host),
  send(request) {
    sent.push({ at: performance.now(), path: request.url.pathname });
    return standIn.network.send(request);
  },
};

const now = () => new Date();
const errors = { error: (details: object, message: string) => console.error(message, details) };
const mail = startMailWorker({
  db,
  clubs: clubRegistry(db, config),
  now,
  beforeRound: () => writeDueNotices({ db, now, config }),
  transport: createMailTransport(config),
  log: errors,
  intervalMs: 0,
});
const push = startPushWorker({
  db,
  clubs: clubRegistry(db, config),
  now,
  config,
  log: errors,
  intervalMs: 0,
  network,
});
const app = await buildApp(
  { config, db, dbKind: handle.kind, now, mail, push, pushNetwork: network },
  { logStream: false },
);
const cleanUp = async () => {
  await app.close();
  await settled();
  await mail.stop();
  await push.stop();
  await handle.close();
  await pushService.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
};

interface Member {
  id: string;
  username: string;
  token: string;
}

async function seedEvent(
  trx: Kysely<Database>,
  creatorId: string,
  model: string,
  max: number,
  subscribers: Member[],
): Promise<string> {
  const uuid = randomUUID();
  const start = new Date(Date.now() + 2 * 24 * 3_600_000);
  await trx
    .insertInto('events')
    .values({
      uuid,
      model_uuid: model,
      creator_id: creatorId,
      start_date: start,
      end_date: new Date(start.getTime() + 2 * 3_600_000),
      street: null,
      city: 'Brest',
      zip_code: '29200',
      location: '',
      max_subscribers: max,
      subscriber_is_infinite: false,
      is_cancelled: false,
    })
    .execute();
  await trx
    .insertInto('subscriptions')
    .values(
      subscribers.map((member) => ({
        uuid: randomUUID(),
        event_uuid: uuid,
        user_id: member.id,
        created_at: new Date(),
        checked_at: null,
        checked_by: null,
      })),
    )
    .execute();
  return uuid;
}

const address = await app.listen({ port: 0, host: '127.0.0.1' });

async function call(token: string, method: string, url: string, body: unknown): Promise<void> {
  const answer = await fetch(`${address}${url}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      'idempotency-key': randomUUID(),
    },
    body: JSON.stringify(body),
  });
  if (!answer.ok) throw new Error(`${method} ${url} answered ${answer.status}: ${await answer.text()}`);
  await answer.arrayBuffer();
}

async function newMember(username: string, role: 'User' | 'Contributor'): Promise<Member> {
  const row = await createConfirmedUser(db, {
    username,
    email: `${username}@example.org`,
    password: PASSWORD,
    role,
  });
  await db
    .updateTable('users')
    .set({ first_name: username.charAt(0).toUpperCase() + username.slice(1), last_name: 'Le Bihan' })
    .where('id', '=', row.id)
    .execute();
  const login = await fetch(`${address}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username_or_email: username, password: PASSWORD }),
  });
  const { token } = (await login.json()) as { token: string };
  // One push device each, registered as the app does.
  await call(token, 'PUT', '/api/push/subscription', pushService.newDevice().subscription);
  return { id: row.id, username, token };
}

const organiser = await newMember('orga', 'Contributor');
const members: Member[] = [];
for (let i = 0; i < MEMBERS; i++) members.push(await newMember(`membre${i}`, 'User'));
const promoted = await newMember('attente', 'User');
const model = randomUUID();
await db.insertInto('event_models').values({ uuid: model, name: 'Kayak', description: 'Sortie' }).execute();
const talked = await seedEvent(db, organiser.id, model, 40, members);
const full = await seedEvent(db, organiser.id, model, MEMBERS, members);
// The event is full: the eleventh member waits.
await call(promoted.token, 'POST', '/api/event/waiting-list', { uuid_event: full, uuid_user: promoted.id });

/** Both workers idle, nothing left to send: each timed write starts from a quiet server. */
async function quiet(): Promise<void> {
  await settled();
  await push.runOnce();
  await mail.runOnce();
}

/**
 * Runs `write`, answers ms from just before it to the first push request made, once `expected` are made and
 * received, each with the notification tag and urgency of the push meant (a promotion's alone is high).
 */
async function timeToFirstPush(
  expected: number,
  meant: { tag: string; urgency: 'normal' | 'high' },
  write: () => Promise<void>,
): Promise<number> {
  await quiet();
  sent.length = 0;
  const received = pushService.received.length;
  const started = performance.now();
  await write();
  const deadline = Date.now() + 10_000;
  while (sent.length < expected || pushService.received.length < received + expected) {
    if (Date.now() > deadline)
      throw new Error(`${sent.length} push requests made, ${expected} expected, after 10 s`);
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  const first = sent[0]?.at ?? Number.NaN;
  await quiet();
  if (sent.length !== expected) throw new Error(`${sent.length} push requests made, ${expected} expected`);
  for (const push of pushService.received.slice(received)) {
    const { tag } = JSON.parse(push.payload ?? '{}') as { tag?: string };
    if (tag !== meant.tag || push.headers.urgency !== meant.urgency)
      throw new Error(
        `a push tagged ${tag} (${push.headers.urgency}), ${meant.tag} (${meant.urgency}) expected`,
      );
  }
  return first - started;
}

let comments = 0;
const postComment = () => {
  const author = members[comments % MEMBERS] as Member;
  comments++;
  return timeToFirstPush(MEMBERS, { tag: `comments-${talked}`, urgency: 'normal' }, () =>
    call(author.token, 'POST', `/api/event/${talked}/comments`, {
      text: `Je prends la remorque samedi, qui veut covoiturer depuis Brest ? (${comments})`,
    }),
  );
};
// The floor's two members swap: the one subscribed leaves (the waiting one is promoted), then waits in turn.
let leaving = members[0] as Member;
let waiting = promoted;
const promote = async () => {
  const figure = await timeToFirstPush(1, { tag: `event-${full}`, urgency: 'high' }, () =>
    call(leaving.token, 'PUT', '/api/event/subscribe/status', {
      uuid_event: full,
      uuid_user: leaving.id,
      subscribe: false,
    }),
  );
  await call(leaving.token, 'POST', '/api/event/waiting-list', { uuid_event: full, uuid_user: leaving.id });
  [leaving, waiting] = [waiting, leaving];
  return figure;
};

try {
  for (let i = 0; i < WARM_UP; i++) {
    await postComment();
    await promote();
  }
  const commentTimes: number[] = [];
  const promotionTimes: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    if (i % 2 === 0) {
      commentTimes.push(await postComment());
      promotionTimes.push(await promote());
    } else {
      promotionTimes.push(await promote());
      commentTimes.push(await postComment());
    }
  }
  const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
  const median = (xs: number[]) => {
    const s = sorted(xs);
    const mid = Math.floor(s.length / 2);
    return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
  };
  const ms = (x: number) => `${x.toFixed(1)} ms`;
  const spread = (xs: number[]) => `min ${ms(sorted(xs)[0] ?? 0)}, max ${ms(sorted(xs).at(-1) ?? 0)}`;
  const comment = median(commentTimes);
  const promotion = median(promotionTimes);
  console.log(
    `posted comment → first push request (${MEMBERS} recipients with a device), ${RUNS} runs: ` +
      `median ${ms(comment)} (${spread(commentTimes)})`,
  );
  console.log(
    `  floor, a member leaves a full event → the promoted member's push request, ${RUNS} runs: ` +
      `median ${ms(promotion)} (${spread(promotionTimes)})`,
  );
  const ratio = comment / promotion;
  console.log(`  ratio ${ratio.toFixed(2)} × the promotion's push`);
  reportRow({
    measure: `posted comment → its first push request (${MEMBERS} recipients), median`,
    value: ms(comment),
    floor: `a waiting-list promotion's push, same run ${ms(promotion)}`,
    ratio,
    goal: '≤ 1.5 × floor',
    met: ratio <= 1.5,
  });
} finally {
  await cleanUp();
}
