import { buildApp } from './app';
import { settled } from './background';
import { loadConfig } from './config';
import { clubRegistry } from './db/club-scope/club-registry';
import { runInClub } from './db/club-scope/current-club';
import { openDatabase } from './db/connect';
import { writeDueNotices } from './jobs/due-notices';
import { startScheduledJobs } from './jobs/scheduled-jobs';
import { startMailWorker } from './mail/mail-worker';
import { createMailTransport } from './mail/transport';
import { startPushWorker } from './modules/push/push-worker';
import { countUsers } from './modules/users/users.repository';
import type { PushNetwork } from './push-network';

/**
 * Starts the whole app as `npm start` runs it: database, workers, scheduled jobs, HTTP. main.ts calls it;
 * the end-to-end push test calls it too, handing in its stand-in push network (no setting does that).
 */
export async function serve(overrides: { pushNetwork?: PushNetwork } = {}): Promise<void> {
  const config = loadConfig();
  const handle = await openDatabase({
    databaseUrl: config.databaseUrl,
    appDatabaseUrl: config.appDatabaseUrl,
    dataDir: config.dataDir,
    holder: 'server',
  });
  const now = () => new Date();
  const mail = startMailWorker({
    db: handle.db,
    clubs: clubRegistry(handle.db, config),
    now,
    beforeRound: () => writeDueNotices({ db: handle.db, now, config }),
    transport: createMailTransport(config),
    log: { error: (details, message) => console.error(message, details) },
    intervalMs: 30_000,
  });
  // Loads the VAPID keys (or makes them, on the first start) before the first request.
  const push = startPushWorker({
    db: handle.db,
    clubs: clubRegistry(handle.db, config),
    now,
    config,
    log: { error: (details, message) => console.error(message, details) },
    intervalMs: 30_000,
    ...(overrides.pushNetwork ? { network: overrides.pushNetwork } : {}),
  });
  const app = await buildApp({ config, db: handle.db, dbKind: handle.kind, now, mail, push, ...overrides });

  const jobs = startScheduledJobs({
    db: handle.db,
    now,
    config,
    onMailQueued: () => mail.kick(),
    onPushQueued: () => push.kick(),
    log: app.log,
  });
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received: closing`);
    try {
      jobs.stop();
      await app.close();
      // Work queued by the last answers (reset Asks, lock emails) writes before the database closes.
      await settled();
      await mail.stop();
      await push.stop();
    } finally {
      await handle.close();
    }
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  const where = handle.kind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)';
  console.log(`Équipée is running on http://localhost:${config.port} (database: ${where})`);
  const [firstClub] = await clubRegistry(handle.db, config).all();
  if (firstClub && (await runInClub(firstClub, () => countUsers(handle.db))) === 0) {
    console.log(
      [
        '',
        'No user yet. Stop the server (Ctrl+C), create the first SuperAdmin, then start again:',
        '  npm run create-superadmin -- --username admin --email admin@example.org',
        '  npm start',
        '(the command asks for the password; with PGlite, the server and the command cannot share the data directory at once)',
        '',
      ].join('\n'),
    );
  }
}
