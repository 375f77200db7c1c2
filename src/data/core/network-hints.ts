/** The browser's own idea of the network, used in the page as a hint only (see connectivity.ts). */
import { probe, reportUnreachable } from './connectivity';

/** The browser's hints, in a page (a service worker has no window and needs none of this). */
export function watchBrowserHints(): () => void {
  const onOffline = () => reportUnreachable();
  const onOnline = () => void probe();
  window.addEventListener('offline', onOffline);
  window.addEventListener('online', onOnline);
  if (navigator.onLine === false) reportUnreachable();
  return () => {
    window.removeEventListener('offline', onOffline);
    window.removeEventListener('online', onOnline);
  };
}
