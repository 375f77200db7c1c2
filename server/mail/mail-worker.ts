import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { sendDueMail } from './mail-queue';
import type { MailTransport } from './transport';

export interface MailWorker {
  /** Asks for a round soon (after a request queued mail); never awaited by the request. */
  kick(): void;
  /** One round now, for tests and shutdown. */
  runOnce(): Promise<{ sent: number; failed: number }>;
  stop(): Promise<void>;
}

export interface MailWorkerOptions {
  db: Kysely<Database>;
  now: () => Date;
  transport: MailTransport;
  log: { error(details: object, message: string): void };
  /** Poll period for retries; 0 means no timer (tests drive rounds themselves). */
  intervalMs: number;
}

type RoundResult = { sent: number; failed: number };

export function startMailWorker(options: MailWorkerOptions): MailWorker {
  // Rounds run one after another; a kick during a round queues one more, so nothing queued is left behind.
  let chain: Promise<RoundResult> = Promise.resolve({ sent: 0, failed: 0 });
  let isKickQueued = false;
  let isStopped = false;

  const round = () =>
    sendDueMail(options).catch((error: unknown) => {
      options.log.error({ err: error }, 'mail round failed');
      return { sent: 0, failed: 0 };
    });
  const runOnce = () => {
    chain = chain.then(round);
    return chain;
  };
  const timer = options.intervalMs > 0 ? setInterval(() => void runOnce(), options.intervalMs) : null;
  timer?.unref();

  return {
    kick() {
      if (isStopped || isKickQueued) return;
      isKickQueued = true;
      chain = chain.then(() => {
        isKickQueued = false;
        return round();
      });
    },
    runOnce,
    async stop() {
      isStopped = true;
      if (timer) clearInterval(timer);
      await chain;
      options.transport.close();
    },
  };
}
