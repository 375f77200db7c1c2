// A small autocannon-style load generator, run as its own process so the server under test keeps its
// thread: N keep-alive connections, each sending the next request as soon as the previous answer has been
// read, for a fixed time. Prints one JSON line: requests a second, p50/p99 latency, answers of 400 and up.
// Usage: node bench/load-client.mjs '{"url":"…","headers":{},"connections":10,"durationMs":5000}'
// (autocannon itself is not a dependency of the project; this measures the same way: closed loop,
// pipelining 1, keep-alive, latency from request written to answer fully read.)
import http from 'node:http';

const {
  url,
  headers = {},
  connections = 10,
  durationMs = 5000,
  warmupMs = 1000,
} = JSON.parse(process.argv[2] ?? '{}');
const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
const target = new URL(url);

function once() {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const request = http.request(
      { agent, host: target.hostname, port: target.port, path: target.pathname, headers },
      (response) => {
        response.on('data', () => {});
        response.on('end', () => resolve({ status: response.statusCode, ms: performance.now() - started }));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end();
  });
}

async function phase(ms, record) {
  const until = performance.now() + ms;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < until) {
        const answer = await once();
        if (record) record(answer);
      }
    }),
  );
}

await phase(warmupMs);
const latencies = [];
let non2xx = 0;
const started = performance.now();
await phase(durationMs, ({ status, ms }) => {
  latencies.push(ms);
  if (status >= 400) non2xx++;
});
const seconds = (performance.now() - started) / 1000;
latencies.sort((a, b) => a - b);
const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
agent.destroy();
console.log(
  JSON.stringify({
    requests: latencies.length,
    rps: latencies.length / seconds,
    p50: at(0.5),
    p99: at(0.99),
    non2xx,
  }),
);
