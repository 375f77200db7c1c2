/**
 * A toast never covers a control. The toast band is fixed near the bottom of the viewport; the page, the
 * public screens and a dialog each scroll in their own box, whose bottom edge stays above `--toast-room`
 * (app.css, modal-dialog.module.css): the height the band takes up from the viewport's bottom, plus a gap. So
 * nothing can scroll under the band, at any scroll position or window size. The control just pressed (most
 * often the one whose outcome the toast tells) is kept in view as its box shrinks.
 */
import { recentlyUsedControl } from './used-controls';

const GAP_PX = 8;

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
  const control = recentlyUsedControl();
  if (!control?.isConnected || band.contains(control)) return;
  control.scrollIntoView({ block: 'nearest', behavior: 'instant' });
}
