export interface QueueWorker<R> {
  /** Asks for a round soon (after a request queued work); never awaited by the request. */
  kick(): void;
  /** One round now, for tests and shutdown. */
  runOnce(): Promise<R>;
  stop(): Promise<void>;
}

export interface QueueWorkerOptions<R> {
  /** Named in the log when a round fails. */
  name: string;
  /** Sends what is due; a round that throws is logged and counts as `idle`. */
  round: () => Promise<R>;
  idle: R;
  log: { error(details: object, message: string): void };
  /** Poll period for retries; 0 means no timer (tests drive rounds themselves). */
  intervalMs: number;
  onStop?: () => void;
}

/**
 * The worker behind a database queue (mail, pushes): rounds run one after another; a kick during a round
 * queues one more, so nothing queued is left behind, and a timer picks up retries that fall due.
 */
export function startQueueWorker<R>(options: QueueWorkerOptions<R>): QueueWorker<R> {
  let chain: Promise<R> = Promise.resolve(options.idle);
  let isKickQueued = false;
  let isStopped = false;

  const round = () =>
    options.round().catch((error: unknown) => {
      options.log.error({ err: error }, `${options.name} round failed`);
      return options.idle;
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
      options.onStop?.();
    },
  };
}
