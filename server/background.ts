/**
 * Work a request queues to run after its answer is sent, so the answer's time does not depend on what the
 * work finds (docs/rules.md#accounts-and-sessions: a reset Ask for a real account, a lock's email). One queue per
 * server process: jobs run one after another, in order; a failed job is logged (without its
 * details, which may hold a token) and the next one runs. Tests and shutdown await `settled()`.
 */

export interface JobLog {
  error(details: object, message: string): void;
}

let tail: Promise<void> = Promise.resolve();

// Long base64url runs (tokens are 43 characters) never reach the log, whatever an error message quotes.
const TOKEN_LIKE = /[A-Za-z0-9_-]{32,}/g;

function describeFailure(error: unknown): object {
  if (!(error instanceof Error)) return { error: typeof error };
  const code = (error as { code?: unknown }).code;
  return {
    error: error.name,
    ...(typeof code === 'string' ? { code } : {}),
    message: error.message.replace(TOKEN_LIKE, '[redacted]').slice(0, 300),
  };
}

/** After this turn of the event loop, hence after the reply that queued it is written. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Queues a job behind every earlier one; it starts once the current answer has gone out. */
export function runAfterAnswer(name: string, log: JobLog, job: () => Promise<void>): void {
  tail = tail.then(nextTurn).then(async () => {
    try {
      await job();
    } catch (error) {
      log.error({ job: name, ...describeFailure(error) }, 'background job failed');
    }
  });
}

/** Resolves once every job queued so far, and any they queued meanwhile, has finished. */
export async function settled(): Promise<void> {
  let seen: Promise<void>;
  do {
    seen = tail;
    await seen;
  } while (seen !== tail);
}
