/**
 * The health check's view of the database: one ping shared by every probe that arrives while it runs
 * (single flight), and its outcome reused for `freshMs` after it settles. A burst of probes (a load
 * balancer, a monitor, a bench) then costs one round trip a second instead of one each, while a database
 * that goes down or comes back is still seen within that second.
 */
export function databaseProbe(
  ping: () => Promise<void>,
  freshMs = 1000,
  clock: () => number = performance.now.bind(performance),
): () => Promise<boolean> {
  let inFlight: Promise<boolean> | null = null;
  let last: { up: boolean; at: number } | null = null;
  return () => {
    if (last && clock() - last.at < freshMs) return Promise.resolve(last.up);
    inFlight ??= ping()
      .then(
        () => true,
        () => false,
      )
      .then((up) => {
        // Stamped when the answer came, so a slow ping is not taken as stale the moment it settles.
        last = { up, at: clock() };
        inFlight = null;
        return up;
      });
    return inFlight;
  };
}
