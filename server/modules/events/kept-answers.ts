/** An answer as sent: its bytes and their weak ETag, built at a data version. */
export interface KeptAnswer {
  version: number;
  body: Buffer;
  etag: string;
}

/**
 * A process's kept answers, one per key (a week's range), each valid for the data version it was built at.
 * `get(key, seen, build)`: `seen` is the data version the request read when its session was checked. A kept
 * answer built at `seen` or later is served as is: the data it shows was current at some moment after the
 * request arrived, which is all a fresh read could promise. Otherwise `build` runs (one build shared by the
 * requests that saw the same version, so the burst after a write costs one) and reads the version itself,
 * in the same snapshot as the data. The versions live in the database, so several processes on one
 * PostgreSQL each keep their own answers and none can serve one a write has made stale.
 * Bounded by the bytes of the answers kept, not their number: a process serving many clubs keeps each
 * club's current week (a count bound of 64 weeks made 200 clubs read in turn rebuild every week they
 * asked for). The answer served least recently goes first.
 */
export function keptAnswers<Kept extends KeptAnswer = KeptAnswer>(maxBytes: number) {
  const kept = new Map<string, { scope: string; answer: Kept }>();
  const building = new Map<string, Promise<Kept>>();
  let bytes = 0;

  function drop(key: string): void {
    const entry = kept.get(key);
    if (!entry) return;
    bytes -= entry.answer.body.length;
    kept.delete(key);
  }

  function keep(scope: string, key: string, answer: Kept): void {
    const current = kept.get(key)?.answer;
    if (current && current.version >= answer.version) return;
    // Answers of this scope older than this one can only serve requests already under way: drop them all.
    // Another scope (club) counts its own versions: its answers stay.
    for (const [other, entry] of kept)
      if (entry.scope === scope && entry.answer.version < answer.version) drop(other);
    drop(key);
    kept.set(key, { scope, answer });
    bytes += answer.body.length;
    // Map iterates in insertion order, and a served answer is put back last: the first is the least recent.
    while (bytes > maxBytes && kept.size > 1) drop(kept.keys().next().value as string);
  }

  return {
    /** `scope`: whose data version `seen` is (each club has its own); keys are per scope. */
    get(name: string, seen: number, build: () => Promise<Kept>, scope = ''): Promise<Kept> {
      const key = `${scope}\u0000${name}`;
      const entry = kept.get(key);
      if (entry && entry.answer.version >= seen) {
        kept.delete(key);
        kept.set(key, entry);
        return Promise.resolve(entry.answer);
      }
      const flight = `${seen} ${key}`;
      let pending = building.get(flight);
      if (!pending) {
        pending = build().then(
          (answer) => {
            building.delete(flight);
            keep(scope, key, answer);
            return answer;
          },
          (error: unknown) => {
            building.delete(flight);
            throw error;
          },
        );
        building.set(flight, pending);
      }
      return pending;
    },
    /** How many answers are kept (tests). */
    get size(): number {
      return kept.size;
    },
    /** The bytes of the answers kept (tests). */
    get bytes(): number {
      return bytes;
    },
  };
}
