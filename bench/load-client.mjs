// Loads one URL with autocannon, run as its own process so the server under test keeps its thread:
// N keep-alive connections, pipelining 1, a warm-up, then a fixed time. Prints one JSON line: requests a
// second, p50/p99 latency, answers of 400 and up.
// Usage: node bench/load-client.mjs '{"url":"…","headers":{},"connections":10,"durationMs":5000}'
// `requests` (optional): autocannon's list of {method, path, headers}, sent in turn on each connection
// (the clubs bench asks 200 clubs, each by its host and token).
import autocannon from 'autocannon';

const {
  url,
  headers = {},
  connections = 10,
  durationMs = 5000,
  warmupMs = 1000,
  requests,
} = JSON.parse(process.argv[2] ?? '{}');

const run = (ms) =>
  autocannon({
    url,
    headers,
    connections,
    pipelining: 1,
    duration: ms / 1000,
    renderStatusCodes: false,
    ...(requests ? { requests } : {}),
  });

await run(warmupMs);
const result = await run(durationMs);
console.log(
  JSON.stringify({
    requests: result.requests.total,
    rps: result.requests.total / (durationMs / 1000),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result['4xx'] + result['5xx'] + result.errors + result.timeouts,
  }),
);
