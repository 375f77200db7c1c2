/**
 * Runs `run` once the next frame is painted, or within a second for a tab in the background (no frames).
 * With `whenIdle`, at the first idle moment after that frame (within half a second): work that the frame's
 * screen does not wait for then leaves the page free to show and answer the user first.
 */
export function afterNextPaint(run: () => void, whenIdle = false): void {
  let hasRun = false;
  const once = () => {
    if (hasRun) return;
    hasRun = true;
    run();
  };
  const afterFrame = () => {
    if (whenIdle && typeof requestIdleCallback === 'function') requestIdleCallback(once, { timeout: 500 });
    else setTimeout(once, 0);
  };
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(afterFrame);
  setTimeout(once, 1_000);
}
