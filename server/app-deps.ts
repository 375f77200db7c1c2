import type { Kysely } from 'kysely';
import type { Config } from './config';
import type { DatabaseKind } from './db/connect';
import type { Database } from './db/schema';
import type { MailWorker } from './mail/mail-worker';
import type { PushWorker } from './modules/push/push-worker';

/** What every module needs; tests build the same object with their own database and clock. */
export interface AppDeps {
  config: Config;
  db: Kysely<Database>;
  dbKind: DatabaseKind;
  now: () => Date;
  mail: MailWorker;
  /**
   * Sends queued pushes. Absent in the test files that build their own deps and never send one: pushes
   * queued there just wait in the table.
   */
  push?: PushWorker;
}
