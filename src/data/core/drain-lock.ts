/**
 * The drain's lock, across the page's tabs and the service worker: a delivery and a read from the server
 * never interleave (locked-reads.ts says why reads take it too).
 */

let localChain: Promise<unknown> = Promise.resolve();

/** One drainer at a time: a Web Lock where there is one (tabs and worker), else one per JS context. */
export function withDrainLock<T>(work: () => Promise<T>): Promise<T> {
  const locks = (globalThis as { navigator?: { locks?: LockManager } }).navigator?.locks;
  // The lock's promise resolves to the work's promise; `then` flattens it.
  if (locks) return locks.request('equipee-outbox-drain', work).then((result) => result);
  const run = localChain.then(work, work);
  localChain = run.catch(() => undefined);
  return run;
}
