// p50/p99 of GET /api/event/from/{from}/to/{to} for a week of 50 events × 30 subscribers, through the real
// HTTP stack on loopback, one request at a time. PGlite always; PostgreSQL too when DATABASE_URL is set.
// Prints figures only.

import { withWeekApp } from './week-read';
import { WEEK_PATH } from './week-seed';

const EVENTS = 50;
const SUBSCRIBERS = 30;
const REQUESTS = 200;

function run(label: string, databaseUrl: string | undefined) {
  return withWeekApp(databaseUrl, EVENTS, SUBSCRIBERS, async (address, token) => {
    const url = `${address}${WEEK_PATH}`;
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
  });
}

await run('PGlite', undefined);
if (process.env.DATABASE_URL) await run('PostgreSQL', process.env.DATABASE_URL);
else
  console.log(
    'GET /api/event/from/to on PostgreSQL: skipped (no DATABASE_URL; `npm run bench` starts a throwaway cluster when Debian postgresql is installed)',
  );
