// Booking a kit of three costs the member about what booking one item does (docs/rules.md#kit): the stock of every
// item is read in one statement and the items are written in one, so the server's answer time for a subscribe with
// three items (a K1, a paddle, a vest) is measured beside its floor in the same run, the same subscribe with one
// item (the K1). The real app in process on PGlite in memory; each subscribe carries an Idempotency-Key, as the
// app's delivery sends it, and is timed from the request to the answer (`inject`). Between two timed calls, outside
// the timing: the member leaves again and the queued notices are done. The two cases interleave (a, b, b, a, …) so
// drift and load hit both alike. Goal: the median with three items at most 1.3 × the median with one.
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { settled } from '../server/background';
import { createConfirmedUser } from '../server/modules/users/create-user';
import { startBenchApp } from './bench-app';
import { reportRow } from './summary';

const SAMPLES = Number(process.env.BENCH_KIT_SAMPLES ?? 200);
const WARM_UP = 20;
const PASSWORD = 'Bench-Passw0rd';

const { app, db, mail, close } = await startBenchApp(
  {
    RATE_LIMIT_LOGIN: '1000000',
    RATE_LIMIT_WRITES: '1000000',
    RATE_LIMIT_SUBSCRIPTION_CHANGES: '1000000',
  },
  { send: async () => undefined, close: () => undefined },
);

async function signedIn(username: string, role: 'User' | 'Contributor') {
  const user = await createConfirmedUser(db, {
    username,
    email: `${username}@example.org`,
    password: PASSWORD,
    role,
  });
  const login = await app.inject({
    method: 'POST',
    url: '/api/user/login',
    payload: { username_or_email: username, password: PASSWORD },
  });
  return { id: user.id, headers: { authorization: `Bearer ${login.json<{ token: string }>().token}` } };
}

const organiser = await signedIn('orga', 'Contributor');
const member = await signedIn('lena', 'User');
const modelUuid = randomUUID();
await db
  .insertInto('event_models')
  .values({ uuid: modelUuid, name: 'Sortie mer', description: 'En kayak' })
  .execute();
const stuff = async (name: string, kind: string) => {
  const uuid = randomUUID();
  await db
    .insertInto('stuffs')
    .values({ uuid, name, description: name, stock: 50, is_infinite: false, kind })
    .execute();
  return uuid;
};
const kit = [
  await stuff('Kayak mono K1', 'Bateaux'),
  await stuff('Pagaie double', 'Pagaies'),
  await stuff('Gilet', 'Gilets'),
];
const start = new Date(Date.now() + 3 * 86_400_000);
const created = await app.inject({
  method: 'POST',
  url: '/api/event/add-or-update',
  headers: organiser.headers,
  payload: {
    uuid_model_event: modelUuid,
    start_date: start.toISOString(),
    end_date: new Date(start.getTime() + 3 * 3_600_000).toISOString(),
    city: 'Brest',
    zip_code: '29200',
    max_subscribers: 12,
    stuffs_available: kit.map((uuid) => ({ uuid })),
  },
});
const eventUuid = created.json<{ uuid_event: string }>().uuid_event;
// Eleven others already in, each with a set: the stock read counts real holders.
for (let i = 0; i < 11; i++) {
  const other = await signedIn(`membre${i}`, 'User');
  await app.inject({
    method: 'PUT',
    url: '/api/event/subscribe/status',
    headers: other.headers,
    payload: { uuid_event: eventUuid, uuid_user: other.id, subscribe: true, stuffs: kit },
  });
}

const subscribe = (stuffs: string[], isSubscribe: boolean) =>
  app.inject({
    method: 'PUT',
    url: '/api/event/subscribe/status',
    headers: { ...member.headers, 'idempotency-key': randomUUID() },
    payload: {
      uuid_event: eventUuid,
      uuid_user: member.id,
      subscribe: isSubscribe,
      ...(isSubscribe ? { stuffs } : {}),
    },
  });

async function timed(stuffs: string[]): Promise<number> {
  await settled();
  await mail.runOnce();
  const started = performance.now();
  const answer = await subscribe(stuffs, true);
  const elapsed = performance.now() - started;
  if (answer.statusCode !== 200) throw new Error(`subscribe: ${answer.statusCode} ${answer.body}`);
  if ((await subscribe([], false)).statusCode !== 200) throw new Error('leaving failed');
  return elapsed;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((x, y) => x - y);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

const three: number[] = [];
const one: number[] = [];
for (let i = 0; i < WARM_UP + SAMPLES; i++) {
  // Alternate which case goes first, so neither always runs right after the leave.
  let withThree: number;
  let withOne: number;
  if (i % 2 === 0) {
    withThree = await timed(kit);
    withOne = await timed(kit.slice(0, 1));
  } else {
    withOne = await timed(kit.slice(0, 1));
    withThree = await timed(kit);
  }
  if (i < WARM_UP) continue;
  three.push(withThree);
  one.push(withOne);
}
await close();

const ratio = median(three) / median(one);
console.log(
  `kit booking: ${SAMPLES} of each, interleaved; median with three items ${median(three).toFixed(2)} ms, ` +
    `with one ${median(one).toFixed(2)} ms: ${ratio.toFixed(2)} × (goal ≤ 1.3 ×)`,
);
reportRow({
  measure: 'subscribe with a kit of 3, answer time (PGlite)',
  value: `${median(three).toFixed(2)} ms`,
  floor: `the same with 1 item: ${median(one).toFixed(2)} ms`,
  ratio,
  goal: '≤ 1.3 ×',
  met: ratio <= 1.3,
});
