import { describe, expect, it } from 'vitest';
import { afterWeekOnScreen, holdReadsUntilWeekShown } from '../../../src/data/core/week-on-screen';

const settled = async (promise: Promise<void>, ms: number) =>
  Promise.race([promise.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), ms))]);

describe('what follows the week waits for the frame that shows it', () => {
  it('waits while a week screen waits for its events, then for the frames after', async () => {
    const release = holdReadsUntilWeekShown();
    const other = holdReadsUntilWeekShown(); // a second screen (StrictMode mounts twice)
    const after = afterWeekOnScreen();
    expect(await settled(after, 100)).toBe(false);

    release();
    release(); // released once only
    expect(await settled(after, 100)).toBe(false);
    other();
    expect(await settled(after, 1_000)).toBe(true);
  });

  it('does not wait on a page whose screen is not the week (a checklist, a profile)', async () => {
    expect(await settled(afterWeekOnScreen(), 1_000)).toBe(true);
  });
});
