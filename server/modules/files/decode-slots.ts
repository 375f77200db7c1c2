/**
 * At most DECODE_SLOTS image decodes at once in this process, whatever the number of uploads in flight:
 * decoded pixels are the big cost of an upload (a 25-megapixel image is 75 MB of RGB), so a burst of
 * uploads waits here, first come first served, instead of multiplying that memory and fighting for the
 * two cores the server has (each decode runs on one libvips thread, see images.ts).
 */
export const DECODE_SLOTS = 2;

let running = 0;
const waiting: Array<() => void> = [];
// Counted for the tests and the benchmark: the semaphore is what keeps memory bounded, so it is checked.
let started = 0;
let highWater = 0;

async function acquire(): Promise<void> {
  if (running < DECODE_SLOTS) {
    running++;
    return;
  }
  // release() hands its slot straight to the first waiter, so `running` stays as it is.
  await new Promise<void>((resolve) => waiting.push(resolve));
}

function release(): void {
  const next = waiting.shift();
  if (next) next();
  else running--;
}

/** Runs `work` (every sharp call that decodes pixels) once one of the slots is free. */
export async function withDecodeSlot<T>(work: () => Promise<T>): Promise<T> {
  await acquire();
  started++;
  highWater = Math.max(highWater, running);
  try {
    return await work();
  } finally {
    release();
  }
}

/** The most decodes that ran at the same time since the last reset. */
export function maxConcurrentDecodes(): number {
  return highWater;
}

/** How many decodes started since the last reset: a refusal from the header alone leaves it unchanged. */
export function decodesStarted(): number {
  return started;
}

/** For tests and the benchmark, which measure one burst at a time. */
export function resetDecodeStats(): void {
  started = 0;
  highWater = running;
}
