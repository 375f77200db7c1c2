// Requests a second through the real HTTP stack on loopback, PGlite in memory, each beside its floor
// measured in the same run (a bare Fastify answering the same bytes, bench/floor-server.ts), loaded by
// autocannon in its own process (bench/load-client.mjs: 10 keep-alive connections): health and /me; login
// alone (it hashes a password on purpose); then the week read on PGlite and, when DATABASE_URL is set, on
// PostgreSQL (50 events × 30 subscribers). Prints figures, asserts nothing (targets belong here, not in
// timed tests) and reports the summary rows of `npm run bench`.
import { createConfirmedUser } from '../server/modules/users/create-user';
import { startBenchApp } from './bench-app';
import { startFloor } from './floor-server';
import { formatFigures, type LoadFigures, load } from './load';
import { reportRow } from './summary';
import { measureWeek, type WeekFigures } from './week-read';

const { app, db, close } = await startBenchApp({ RATE_LIMIT_LOGIN: '100000' });
await createConfirmedUser(db, {
  username: 'bench',
  email: 'bench@example.org',
  password: 'Bench-Passw0rd',
  role: 'User',
});
const address = await app.listen({ port: 0, host: '127.0.0.1' });

const loginBody = JSON.stringify({ username_or_email: 'bench', password: 'Bench-Passw0rd' });
const login = () =>
  fetch(`${address}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: loginBody,
  });
const { token } = (await (await login()).json()) as { token: string };

/** The route under load, then a bare Fastify answering its bytes, same client, same run. */
async function beside(routePath: string, headers: Record<string, string> = {}) {
  const answer = await fetch(`${address}${routePath}`, { headers });
  const floor = await startFloor(routePath, Buffer.from(await answer.arrayBuffer()));
  const floorFigures = await load(floor.url);
  await floor.close();
  const appFigures = await load(`${address}${routePath}`, { headers });
  console.log(
    `${`GET ${routePath}`.padEnd(28)} floor ${formatFigures(floorFigures)}   (bare Fastify, same bytes)`,
  );
  console.log(
    `${`GET ${routePath}`.padEnd(28)} app   ${formatFigures(appFigures)}   ratio ${(appFigures.rps / floorFigures.rps).toFixed(2)} × floor`,
  );
  return { app: appFigures, floor: floorFigures };
}

const rps = (figures: LoadFigures) => `${Math.round(figures.rps)} req/s`;
const latency = (figures: LoadFigures) =>
  `p50 ${figures.p50.toFixed(1)} ms, p99 ${figures.p99.toFixed(1)} ms`;

const health = await beside('/api/health');
reportRow({
  measure: 'GET /api/health',
  value: rps(health.app),
  floor: `bare Fastify route ${rps(health.floor)}`,
  ratio: health.app.rps / health.floor.rps,
  goal: '≥ 0.5 × floor',
  met: health.app.rps >= 0.5 * health.floor.rps,
});
const me = await beside('/api/user/me', { authorization: `Bearer ${token}` });
reportRow({
  measure: 'GET /api/user/me',
  value: `${rps(me.app)}, ${latency(me.app)}`,
  floor: `bare Fastify, same bytes ${rps(me.floor)}`,
  ratio: me.app.rps / me.floor.rps,
  goal: '—',
});

// Login hashes a password (argon2) by design: its figure has no floor.
const started = performance.now();
for (let i = 0; i < 40; i++) await (await login()).arrayBuffer();
console.log(
  `POST /api/user/login        ${((performance.now() - started) / 40).toFixed(1)} ms each, one at a time`,
);

await close();

/** A week's row: requests a second and p99 each beside the bare Fastify's, same bytes, same run. */
function reportWeek(label: string, week: WeekFigures, goal: { ratio: number; p99Ratio?: number }) {
  const ratio = week.app.rps / week.floor.rps;
  const p99Ratio = week.app.p99 / week.floor.p99;
  reportRow({
    measure: `week read ${label}`,
    value: `${rps(week.app)}, ${latency(week.app)}`,
    floor: `bare Fastify, same ${week.bytes} bytes ${rps(week.floor)}, ${latency(week.floor)}`,
    ratio,
    goal: `≥ ${goal.ratio} × floor${goal.p99Ratio ? `, p99 ≤ ${goal.p99Ratio} × floor's (now ${p99Ratio.toFixed(2)} ×)` : ''}`,
    met: ratio >= goal.ratio && (goal.p99Ratio === undefined || p99Ratio <= goal.p99Ratio),
  });
}

// The week: a small one and a full one on PGlite, the full one on PostgreSQL. Each line pair is one run.
console.log(
  '\nweek read (10 keep-alive connections, floor and app in turn, medians of 3 rounds of 3 s, autocannon in its own process):',
);
reportWeek('5 events × 5, PGlite', await measureWeek('PGlite', undefined, 5, 5), { ratio: 0.3 });
reportWeek('50 events × 30, PGlite', await measureWeek('PGlite', undefined, 50, 30), { ratio: 0.3 });
if (process.env.DATABASE_URL)
  reportWeek(
    '50 events × 30, PostgreSQL',
    await measureWeek('PostgreSQL', process.env.DATABASE_URL, 50, 30),
    { ratio: 0.5, p99Ratio: 1.5 },
  );
else console.log('week 50×30 PostgreSQL: skipped (no DATABASE_URL)');
