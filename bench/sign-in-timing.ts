// Answer times that must not tell whether an account exists (docs/rules.md#accounts-and-sessions): sign-in
// with an unknown name vs a wrong password on a real account, and reset Ask with an unknown vs a real
// address. Median of a few hundred `inject` calls each on PGlite in memory, the cases interleaved (a, b, b,
// a, …) so drift and load hit both alike. Prints figures; asserts nothing (target: gaps < 0.3 ms).
import { settled } from '../server/background';
import { createConfirmedUser } from '../server/modules/users/create-user';
import { startBenchApp } from './bench-app';

const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 400);
const WARM_UP = 40;

// Sending is not part of an answer: a transport that drops messages keeps the disk out of the figures.
const { app, db, mail, close } = await startBenchApp(
  { RATE_LIMIT_LOGIN: '1000000', RATE_LIMIT_RESET: '1000000' },
  { send: async () => undefined, close: () => undefined },
);
const real = await createConfirmedUser(db, {
  username: 'real',
  email: 'real@example.org',
  password: 'Bench-Passw0rd',
  role: 'User',
});

const post = (url: string, payload: object) => app.inject({ method: 'POST', url, payload });
const signIn = (name: string) =>
  post('/api/user/login', { username_or_email: name, password: 'Wrong-Passw0rd' });
const ask = (email: string) => post('/api/user/reset', { Ask: { email } });

/** Between two timed calls, outside the timing: the queued work done, the real account back to its start. */
async function quiet(): Promise<void> {
  await settled();
  await mail.runOnce();
  await db
    .updateTable('users')
    .set({ connection_attempt: 0, is_locked: false, locked_until: null, lock_count: 0 })
    .where('id', '=', real.id)
    .execute();
  await db.deleteFrom('account_tokens').where('user_id', '=', real.id).execute();
}

async function timed(call: () => Promise<{ statusCode: number }>, expected: number): Promise<number> {
  await quiet();
  const started = performance.now();
  const response = await call();
  const elapsed = performance.now() - started;
  if (response.statusCode !== expected) throw new Error(`expected ${expected}, got ${response.statusCode}`);
  return elapsed;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((x, y) => x - y);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

/** Both cases, interleaved and in alternating order; the warm-up rounds are dropped. */
async function pair(a: () => Promise<number>, b: () => Promise<number>) {
  const times = { a: [] as number[], b: [] as number[], diff: [] as number[] };
  for (let i = 0; i < WARM_UP + SAMPLES; i++) {
    const [ta, tb] = i % 2 === 0 ? [await a(), await b()] : [await b(), await a()].reverse();
    if (i < WARM_UP) continue;
    times.a.push(ta ?? 0);
    times.b.push(tb ?? 0);
    times.diff.push((tb ?? 0) - (ta ?? 0));
  }
  return { a: median(times.a), b: median(times.b), pairedGap: median(times.diff) };
}

const ms = (value: number) => `${value.toFixed(3)} ms`.padStart(10);
const verdict = (gap: number) => (Math.abs(gap) < 0.3 ? 'under 0.3 ms' : 'OVER 0.3 ms');

const login = await pair(
  () => timed(() => signIn('nobody-here'), 401),
  () => timed(() => signIn('real'), 401),
);
const reset = await pair(
  () => timed(() => ask('nobody@example.org'), 200),
  () => timed(() => ask('real@example.org'), 200),
);

console.log(`sign-in and reset answer times, median of ${SAMPLES} each (PGlite in memory, inject)`);
console.log(`(a) sign-in, unknown name           ${ms(login.a)}`);
console.log(`(b) sign-in, wrong password, real   ${ms(login.b)}`);
console.log(`(c) reset Ask, unknown address      ${ms(reset.a)}`);
console.log(`(d) reset Ask, real address         ${ms(reset.b)}`);
const loginGap = login.b - login.a;
const resetGap = reset.b - reset.a;
console.log(
  `gap b-a ${ms(loginGap)} (${verdict(loginGap)}; median of paired differences ${ms(login.pairedGap)})`,
);
console.log(
  `gap d-c ${ms(resetGap)} (${verdict(resetGap)}; median of paired differences ${ms(reset.pairedGap)})`,
);

await close();
