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
 */
export function keptAnswers<Kept extends KeptAnswer = KeptAnswer>(capacity: number) {
  const kept = new Map<string, Kept>();
  const building = new Map<string, Promise<Kept>>();

  function keep(key: string, answer: Kept): void {
    const current = kept.get(key);
    if (current && current.version >= answer.version) return;
    // Answers older than this one can only serve requests already under way: drop them all.
    for (const [other, { version }] of kept) if (version < answer.version) kept.delete(other);
    kept.delete(key);
    kept.set(key, answer);
    // Bounded: the key kept longest goes first (Map iterates in insertion order).
    if (kept.size > capacity) kept.delete(kept.keys().next().value as string);
  }

  return {
    get(key: string, seen: number, build: () => Promise<Kept>): Promise<Kept> {
      const current = kept.get(key);
      if (current && current.version >= seen) return Promise.resolve(current);
      const flight = `${seen} ${key}`;
      let pending = building.get(flight);
      if (!pending) {
        pending = build().then(
          (answer) => {
            building.delete(flight);
            keep(key, answer);
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
  };
}
