/**
 * Toasts are a band fixed above the bottom bar, and the page scrolls under it. So that a toast never hides
 * a control (issue 27 item 10): while one shows, the page gets room below its last control
 * (`--toast-room`, added to the layout's bottom padding), and the control the user just pressed (most often
 * the one whose outcome the toast tells) is scrolled up, clear of the band.
 */
const CONTROL =
  'button, a[href], input, select, textarea, summary, [role="button"], [role="switch"], [role="tab"]';
/** Past this, a toast is not the answer to the last press (a background sync's, for instance). */
const RECENT_MS = 10_000;
const GAP_PX = 8;

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

/** Makes room below the page for `band`, and scrolls the control just pressed above it. */
export function keepClearOf(band: HTMLElement): void {
  const bandBox = band.getBoundingClientRect();
  document.documentElement.style.setProperty('--toast-room', `${Math.ceil(bandBox.height) + GAP_PX}px`);
  const used = lastUsed;
  if (!used || Date.now() - used.at > RECENT_MS) return;
  if (!used.control.isConnected || band.contains(used.control)) return;
  const box = used.control.getBoundingClientRect();
  const overlap = box.bottom - (bandBox.top - GAP_PX);
  if (overlap > 0 && box.top < bandBox.bottom) window.scrollBy({ top: overlap, behavior: 'instant' });
}

/** No toast left: the page's room goes back to the bottom bar's. */
export function releaseToastRoom(): void {
  document.documentElement.style.removeProperty('--toast-room');
}
