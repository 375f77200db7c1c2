import type { Kysely } from 'kysely';
import type { Config } from './config';
import type { DatabaseKind } from './db/connect';
import type { Database } from './db/schema';
import type { MailWorker } from './mail/mail-worker';
import type { PushNetwork } from './push-network';
import type { QueueWorker } from './queue-worker';

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
   *
   * Typed as the queue worker it is, not as the push area's PushWorker: the push area imports AppDeps, so
   * naming its type here made server/ and server/modules/push import each other. Modules only kick it
   * after a commit; what a round returns matters to main.ts and the tests, which hold the PushWorker.
   */
  push?: QueueWorker<unknown>;
  /** How push endpoints are resolved and reached: realPushNetwork unless a test hands in its stand-ins. */
  pushNetwork?: PushNetwork;
}
