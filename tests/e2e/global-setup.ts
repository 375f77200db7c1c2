import fs from 'node:fs';
import path from 'node:path';
import {
  E2E_WORKERS,
  e2ePortOf,
  makeSeededDataDir,
  newSeededDataDir,
  replayLogOf,
  startServer,
  stopServer,
} from './server-process';

/**
 * The built app, served by the real server on a copy of the seeded PGlite (users made by the command line): one
 * such server per browser worker, so two workers never share data (a spec that needs more isolation
 * than its worker's server gives starts one of its own, startOwnServer).
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  if (!fs.existsSync('dist/index.html')) throw new Error('No build in dist/: run "npm run build" first.');
  // Names this run's replay logs: workers start after this and inherit it.
  process.env.E2E_RUN ??= `${process.pid}`;
  const removeSeeded = await makeSeededDataDir();
  const servers = await Promise.all(
    Array.from({ length: E2E_WORKERS }, (_, index) => serve(e2ePortOf(index))),
  );
  return async () => {
    await Promise.all(servers.map((stop) => stop()));
    removeSeeded();
  };
}

async function serve(port: number): Promise<() => Promise<void>> {
  const dataDir = newSeededDataDir('equipee-e2e-');
  const replayLog = replayLogOf(port);
  fs.rmSync(replayLog, { force: true });
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    // Scenes sign many members in within a minute; the limits themselves are tested in the server suites.
    RATE_LIMIT_LOGIN: '100000',
    RATE_LIMIT_CONFIRM: '100000',
    // The reliability run alone makes 500 writes, 25 changes an event, in minutes (server suites test the limits).
    RATE_LIMIT_WRITES: '100000',
    RATE_LIMIT_SUBSCRIPTION_CHANGES: '100000',
    // Tests read the server's log of Idempotency-Keys (api.ts, executedKeys).
    EQUIPEE_TEST_REPLAY_LOG: replayLog,
  };
  const server = await startServer(env);
  return async () => {
    await stopServer(server);
    // A graceful shutdown closes the database and releases its directory lock.
    if (fs.existsSync(path.join(dataDir, 'pglite.lock')))
      throw new Error(`The server on port ${port} left its PGlite lock behind`);
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(replayLog, { force: true });
  };
}
