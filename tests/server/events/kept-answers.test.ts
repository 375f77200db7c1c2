import { describe, expect, it } from 'vitest';
import { type KeptAnswer, keptAnswers } from '../../../server/modules/events/kept-answers';

const answer = (version: number, size: number): KeptAnswer => ({
  version,
  body: Buffer.alloc(size),
  etag: `W/"${version}-${size}"`,
});

/** Counts the builds: a kept answer is served without one. */
function counted(version: number, size: number) {
  let builds = 0;
  return {
    build: async () => {
      builds++;
      return answer(version, size);
    },
    get builds() {
      return builds;
    },
  };
}

describe('kept answers', () => {
  it('keep as many answers as their bytes allow, across scopes, and drop the one served least recently', async () => {
    const kept = keptAnswers(300);
    const weeks = [counted(1, 100), counted(1, 100), counted(1, 100)];
    for (const [i, week] of weeks.entries()) await kept.get('w', 1, week.build, `club${i}`);
    expect(kept.size).toBe(3);
    expect(kept.bytes).toBe(300);
    // Club 0's week served again: now the most recent.
    await kept.get('w', 1, weeks[0]?.build ?? (async () => answer(0, 0)), 'club0');
    expect(weeks[0]?.builds).toBe(1);
    // A fourth week of 100 bytes: club 1's, served least recently, goes.
    const fourth = counted(1, 100);
    await kept.get('w', 1, fourth.build, 'club3');
    expect(kept.size).toBe(3);
    expect(kept.bytes).toBe(300);
    await kept.get('w', 1, weeks[1]?.build ?? (async () => answer(0, 0)), 'club1');
    expect(weeks[1]?.builds).toBe(2);
    await kept.get('w', 1, weeks[0]?.build ?? (async () => answer(0, 0)), 'club0');
    expect(weeks[0]?.builds).toBe(1);
  });

  it('build again once the data version moved, and drop the scope’s older answers', async () => {
    const kept = keptAnswers(10_000);
    const old = counted(1, 50);
    await kept.get('a', 1, old.build, 'club');
    await kept.get('b', 1, counted(1, 50).build, 'club');
    await kept.get('a', 1, counted(1, 50).build, 'other');
    expect(kept.bytes).toBe(150);
    const fresh = counted(2, 70);
    expect((await kept.get('a', 2, fresh.build, 'club')).version).toBe(2);
    // The club's answers at version 1 are gone; the other club's stays.
    expect(kept.size).toBe(2);
    expect(kept.bytes).toBe(120);
    expect(fresh.builds).toBe(1);
  });

  it('keep an answer larger than the bound alone, until the next one', async () => {
    const kept = keptAnswers(100);
    await kept.get('big', 1, counted(1, 500).build, 'club');
    expect(kept.size).toBe(1);
    await kept.get('next', 1, counted(1, 10).build, 'club');
    expect(kept.size).toBe(1);
    expect(kept.bytes).toBe(10);
  });
});
