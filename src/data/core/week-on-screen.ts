/**
 * What the sync engine reads after the week (the member's answers, the family, the threads, the club's
 * members) waits for the frame that shows the week: on a slow network a request or a chunk sent before that
 * frame takes bandwidth and round trips from the week's own first paint. Waiting for the store of the
 * week's answer is not enough: the screen's live query reads it back from IndexedDB, an idle moment for the
 * page, before the frame that shows it. A page without a week screen waiting (a checklist, a profile) does
 * not wait.
 */
import { afterNextPaint } from './after-paint';

let waitingScreens = 0;
let whenShown: Array<() => void> = [];
let markShownOnce: () => void = () => undefined;
const shownOnce = new Promise<void>((shown) => {
  markShownOnce = shown;
});

/** Settles the first time a week screen's events are in a committed frame (or a waiting screen is gone). */
export function weekShownOnce(): Promise<void> {
  return shownOnce;
}

/** A week screen committed a frame with its events. */
export function markWeekShown(): void {
  markShownOnce();
}

/**
 * A week screen is waiting for its events: the reads that follow the week wait too, until the function
 * returned is called (the events are in a committed frame, or the screen is gone).
 */
export function holdReadsUntilWeekShown(): () => void {
  waitingScreens++;
  let isReleased = false;
  return () => {
    if (isReleased) return;
    isReleased = true;
    markShownOnce();
    waitingScreens--;
    if (waitingScreens > 0) return;
    const waiting = whenShown;
    whenShown = [];
    for (const go of waiting) go();
  };
}

/** Settles at an idle moment after the next frame, once no week screen waits for its events. */
export function afterWeekOnScreen(): Promise<void> {
  const shown =
    waitingScreens === 0 ? Promise.resolve() : new Promise<void>((go) => whenShown.push(() => go()));
  // Two frames: the one committed with the week is on screen (its paint presented) before the reads leave.
  return shown.then(() => new Promise<void>((done) => afterNextPaint(() => afterNextPaint(done, true))));
}
