/**
 * The control each press or key lands on, noted from the first frame on: a toast that tells a press's outcome
 * keeps that control in view (toast-clearance.ts), though the toasts' own code arrives with the first toast
 * (toast-band.tsx).
 */
const CONTROL =
  'button, a[href], input, select, textarea, summary, [role="button"], [role="switch"], [role="tab"]';
/** Past this, a toast is not the answer to the last press (a background sync's, for instance). */
const RECENT_MS = 10_000;

let lastUsed: { control: Element; at: number } | null = null;

/** Notes the control each press or key lands on; answers the function that stops. */
export function watchUsedControls(): () => void {
  const note = (event: Event) => {
    const control = event.target instanceof Element ? event.target.closest(CONTROL) : null;
    if (control) lastUsed = { control, at: Date.now() };
  };
  document.addEventListener('pointerdown', note, true);
  document.addEventListener('keydown', note, true);
  return () => {
    document.removeEventListener('pointerdown', note, true);
    document.removeEventListener('keydown', note, true);
  };
}

/** The control pressed last, when that was recent enough for a toast now to be its answer. */
export function recentlyUsedControl(): Element | null {
  return lastUsed && Date.now() - lastUsed.at <= RECENT_MS ? lastUsed.control : null;
}
