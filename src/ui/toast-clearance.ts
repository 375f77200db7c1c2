/**
 * A toast never covers a control. The toast band is fixed near the bottom of the viewport; the page, the
 * public screens and a dialog each scroll in their own box, whose bottom edge stays above `--toast-room`
 * (app.css, modal-dialog.module.css): the height the band takes up from the viewport's bottom, plus a gap. So
 * nothing can scroll under the band, at any scroll position or window size. The control just pressed (most
 * often the one whose outcome the toast tells) is kept in view as its box shrinks.
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

function setRoom(band: HTMLElement) {
  const room = Math.ceil(window.innerHeight - band.getBoundingClientRect().top) + GAP_PX;
  document.documentElement.style.setProperty('--toast-room', `${Math.max(0, room)}px`);
}

/**
 * Keeps room for `band` while it shows, following its height (toasts come and go, text wraps differently
 * when the window turns); answers the function that gives the room back.
 */
export function reserveRoomFor(band: HTMLElement): () => void {
  const update = () => setRoom(band);
  update();
  keepUsedControlInView(band);
  const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(update) : null;
  observer?.observe(band);
  window.addEventListener('resize', update);
  return () => {
    observer?.disconnect();
    window.removeEventListener('resize', update);
    document.documentElement.style.removeProperty('--toast-room');
  };
}

function keepUsedControlInView(band: HTMLElement) {
  const used = lastUsed;
  if (!used || Date.now() - used.at > RECENT_MS) return;
  if (!used.control.isConnected || band.contains(used.control)) return;
  used.control.scrollIntoView({ block: 'nearest', behavior: 'instant' });
}
