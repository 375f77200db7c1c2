// Loads one URL with autocannon, run as its own process so the server under test keeps its thread:
// N keep-alive connections, pipelining 1, a warm-up, then a fixed time. Prints one JSON line: requests a
// second, p50/p99 latency, answers of 400 and up. The latencies are every answer's own, to the microsecond:
// autocannon's histogram keeps whole milliseconds, too coarse for a p99 of a few milliseconds held to a ratio
// (10 against 6 reads 1.67 where the times were 10.4 and 6.9).
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
const measured = run(durationMs);
const latencies = [];
measured.on('response', (_client, statusCode, _bytes, responseTime) => {
  if (statusCode < 400) latencies.push(responseTime);
});
const result = await measured;
latencies.sort((a, b) => a - b);
/** The nearest-rank percentile, as an HDR histogram reads it. */
const percentile = (p) =>
  latencies.length
    ? latencies[Math.min(latencies.length - 1, Math.ceil((p / 100) * latencies.length) - 1)]
    : 0;
console.log(
  JSON.stringify({
    requests: result.requests.total,
    rps: result.requests.total / (durationMs / 1000),
    p50: percentile(50),
    p99: percentile(99),
    non2xx: result['4xx'] + result['5xx'] + result.errors + result.timeouts,
  }),
);
