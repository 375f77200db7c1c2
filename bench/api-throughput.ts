// Requests a second through the real HTTP stack on loopback, PGlite in memory: health, /me and login;
// then the week read beside a bare Fastify floor answering the same bytes, measured in the same run, on
// PGlite and, when DATABASE_URL is set, on PostgreSQL (50 events × 30 subscribers).
// Bounded in count; prints figures, asserts nothing (targets belong here, not in timed tests).
import { createConfirmedUser } from '../server/modules/users/create-user';
import { startBenchApp } from './bench-app';
import { measureWeek } from './week-read';

const { app, db, close } = await startBenchApp({ RATE_LIMIT_LOGIN: '100000' });
await createConfirmedUser(db, {
  username: 'bench',
  email: 'bench@example.org',
  password: 'Bench-Passw0rd',
  role: 'User',
});
const address = await app.listen({ port: 0, host: '127.0.0.1' });

async function measure(name: string, total: number, concurrency: number, send: () => Promise<Response>) {
  let done = 0;
  let failures = 0;
  const latencies: number[] = [];
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (done < total) {
        done++;
        const t0 = performance.now();
        const response = await send();
        await response.arrayBuffer();
        latencies.push(performance.now() - t0);
        if (!response.ok) failures++;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const p = (q: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]?.toFixed(1);
  console.log(
    `${name.padEnd(24)} ${String(Math.round(total / seconds)).padStart(6)} req/s  p50 ${p(0.5)} ms  p99 ${p(0.99)} ms  (${total} requests, ${concurrency} at a time, ${failures} failed)`,
  );
}

const loginBody = JSON.stringify({ username_or_email: 'bench', password: 'Bench-Passw0rd' });
const login = () =>
  fetch(`${address}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: loginBody,
  });
const { token } = (await (await login()).json()) as { token: string };

await measure('GET /api/health', 2000, 10, () => fetch(`${address}/api/health`));
await measure('GET /api/user/me', 2000, 10, () =>
  fetch(`${address}/api/user/me`, { headers: { authorization: `Bearer ${token}` } }),
);
await measure('POST /api/user/login', 100, 4, login);

await close();

// The week: a small one and a full one on PGlite, the full one on PostgreSQL. Each line pair is one run.
console.log('\nweek read (10 keep-alive connections, 5 s each, the client in its own process):');
await measureWeek('PGlite', undefined, 5, 5);
await measureWeek('PGlite', undefined, 50, 30);
if (process.env.DATABASE_URL) await measureWeek('PostgreSQL', process.env.DATABASE_URL, 50, 30);
else console.log('week 50×30 PostgreSQL: skipped (no DATABASE_URL)');
