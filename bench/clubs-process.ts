// One application process of the clubs bench (bench/clubs.ts starts one or two): the real app on the bench's
// PostgreSQL schema, listening on loopback with its own pool. Prints its address as one JSON line, then
// answers each line on stdin ("memory") with its resident memory, so the bench reads each process's figure
// after the load. Ends when stdin closes.
// Usage: clubs-process.ts <database url> <schema> <data dir>
import path from 'node:path';
import readline from 'node:readline';
import { settled } from '../server/background';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/connect';
import { benchAppOn } from './bench-app';

const [databaseUrl, schema, dataDir] = process.argv.slice(2);
if (!databaseUrl || !schema || !dataDir) {
  console.error('usage: clubs-process.ts <database url> <schema> <data dir>');
  process.exit(2);
}
const handle = await openDatabase({
  databaseUrl,
  dataDir,
  holder: 'bench',
  searchPath: schema,
  poolSize: 10,
});
const config = loadConfig({
  DATA_DIR: dataDir,
  STATIC_DIR: path.join(dataDir, 'none'),
  RATE_LIMIT_LOGIN: '1000000',
  RATE_LIMIT_WRITES: '1000000',
  RATE_LIMIT_SUBSCRIPTION_CHANGES: '1000000',
});
// The sessions were written on this day: the server's clock stays there so none is idle.
const now = () => new Date('2026-01-01T00:00:00Z');
const { app, mail } = await benchAppOn(handle.db, 'postgres', config, now);
const address = await app.listen({ port: 0, host: '127.0.0.1' });
console.log(JSON.stringify({ address }));
for await (const line of readline.createInterface({ input: process.stdin })) {
  if (line.trim() === 'memory') console.log(JSON.stringify({ rssBytes: process.memoryUsage().rss }));
}
await app.close();
await settled();
await mail.stop();
await handle.close();
