import type { Kysely } from 'kysely';
import type { Config } from './config';
import type { DatabaseKind } from './db/connect';
import type { Database } from './db/schema';
import type { MailWorker } from './mail/mail-worker';

/** What every module needs; tests build the same object with their own database and clock. */
export interface AppDeps {
  config: Config;
  db: Kysely<Database>;
  dbKind: DatabaseKind;
  now: () => Date;
  mail: MailWorker;
}
