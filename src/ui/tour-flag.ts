/**
 * A guided tour's first-visit flag, kept in localStorage under the tour's own key: unset → set true and run;
 * true → set false and run once more; false → nothing. `nextTourStep` is pure so that a render may read it
 * and an effect may write it twice (StrictMode) with the same result.
 */
export type TourFlag = 'true' | 'false' | null;

export function readTourFlag(key: string): TourFlag {
  try {
    const value = localStorage.getItem(key);
    return value === 'true' || value === 'false' ? value : null;
  } catch {
    return 'false'; // storage refused: never nag
  }
}

export function nextTourStep(flag: TourFlag): { shouldRun: boolean; next: TourFlag } {
  if (flag === null) return { shouldRun: true, next: 'true' };
  if (flag === 'true') return { shouldRun: true, next: 'false' };
  return { shouldRun: false, next: 'false' };
}

export function writeTourFlag(key: string, flag: TourFlag): void {
  try {
    if (flag !== null) localStorage.setItem(key, flag);
  } catch {
    // storage refused: the tour simply shows again next time
  }
}
