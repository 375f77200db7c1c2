// The real app for a bench: a fresh PGlite in memory under a temporary DATA_DIR, the mail worker, no logs.
// `close` undoes it all, waiting first for work queued after answering.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { buildApp } from '../server/app';
import { settled } from '../server/background';
import { type Config, loadConfig } from '../server/config';
import { clubRegistry } from '../server/db/club-scope/club-registry';
import { type DatabaseKind, openDatabase } from '../server/db/connect';
import type { Database } from '../server/db/schema';
import { startMailWorker } from '../server/mail/mail-worker';
import { createMailTransport, type MailTransport } from '../server/mail/transport';
import { seedAsFirstClub } from './first-club';

/** The real app on a database already open: the mail worker (no timer) and the app, no logs. */
export async function benchAppOn(
  db: Kysely<Database>,
  dbKind: DatabaseKind,
  config: Config,
  now: () => Date,
  transport?: MailTransport,
) {
  const mail = startMailWorker({
    db,
    clubs: clubRegistry(db, config),
    now,
    transport: transport ?? createMailTransport(config),
    log: console,
    intervalMs: 0,
  });
  const app = await buildApp({ config, db, dbKind, now, mail }, { logStream: false });
  return { app, mail };
}

export async function startBenchApp(env: Record<string, string> = {}, transport?: MailTransport) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'equipee-bench-'));
  const handle = await openDatabase({ dataDir, holder: 'bench', inMemory: true });
  const config = loadConfig({ DATA_DIR: dataDir, STATIC_DIR: path.join(dataDir, 'none'), ...env });
  await seedAsFirstClub(handle.db, config);
  const { app, mail } = await benchAppOn(handle.db, handle.kind, config, () => new Date(), transport);
  return {
    app,
    db: handle.db,
    mail,
    dataDir,
    async close() {
      await app.close();
      await settled();
      await mail.stop();
      await handle.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
