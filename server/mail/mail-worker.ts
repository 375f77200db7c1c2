import type { Kysely } from 'kysely';
import { type ClubRegistry, sumOverClubs } from '../db/club-scope/club-registry';
import type { Database } from '../db/schema';
import { type QueueWorker, startQueueWorker } from '../queue-worker';
import { sendDueMail } from './mail-queue';
import type { MailTransport } from './transport';

export type MailWorker = QueueWorker<{ sent: number; failed: number }>;

export interface MailWorkerOptions {
  db: Kysely<Database>;
  now: () => Date;
  transport: MailTransport;
  log: { error(details: object, message: string): void };
  /**
   * Writes into the queue what has come due since the last round (coalesced subscription notices), before
   * the round sends. Handed in: the areas that write those import mail/, not the other way round.
   */
  beforeRound?: () => Promise<unknown>;
  /** Poll period for retries; 0 means no timer (tests drive rounds themselves). */
  intervalMs: number;
  /** Each round goes club by club, each inside its club. */
  clubs: ClubRegistry;
}

export function startMailWorker(options: MailWorkerOptions): MailWorker {
  return startQueueWorker({
    name: 'mail',
    round: () =>
      sumOverClubs(
        options.clubs,
        async () => {
          await options.beforeRound?.();
          return sendDueMail(options);
        },
        { sent: 0, failed: 0 },
      ),
    idle: { sent: 0, failed: 0 },
    log: options.log,
    intervalMs: options.intervalMs,
    onStop: () => options.transport.close(),
  });
}
