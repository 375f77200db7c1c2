import type { Kysely } from 'kysely';
import type { Config } from '../../config';
import { type ClubRegistry, sumOverClubs } from '../../db/club-scope/club-registry';
import type { Database } from '../../db/schema';
import { type PushNetwork, realPushNetwork } from '../../push-network';
import { type QueueWorker, startQueueWorker } from '../../queue-worker';
import { type PushRoundResult, sendDuePushes } from './push-queue';
import { loadVapidKeys } from './vapid-keys';

export type PushWorker = QueueWorker<PushRoundResult>;

export function startPushWorker(options: {
  db: Kysely<Database>;
  now: () => Date;
  config: Pick<Config, 'vapidKeys' | 'dataDir' | 'vapidSubject'>;
  log: { error(details: object, message: string): void };
  /** Poll period for retries; 0 means no timer (tests drive rounds themselves). */
  intervalMs: number;
  /** realPushNetwork unless a test hands in its stand-ins. */
  network?: PushNetwork;
  /** Each round goes club by club, each inside its club. */
  clubs: ClubRegistry;
}): PushWorker {
  const vapid = { ...loadVapidKeys(options.config), subject: options.config.vapidSubject };
  return startQueueWorker({
    name: 'push',
    round: () =>
      sumOverClubs(
        options.clubs,
        () =>
          sendDuePushes({
            db: options.db,
            now: options.now,
            vapid,
            network: options.network ?? realPushNetwork,
          }),
        { sent: 0, gone: 0, failed: 0 },
      ),
    idle: { sent: 0, gone: 0, failed: 0 },
    log: options.log,
    intervalMs: options.intervalMs,
  });
}
