/**
 * The browser's offer to install the app (`beforeinstallprompt`, Chromium browsers), kept from the page's
 * start: it fires once, early, and must be replayed later from a tap ("Installer l'application").
 */
interface InstallPromptEvent extends Event {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let offered: InstallPromptEvent | null = null;

export function keepInstallOffer(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    // The browser's own mini-bar stays away; the app offers it where the member looks for it.
    event.preventDefault();
    offered = event as InstallPromptEvent;
  });
  window.addEventListener('appinstalled', () => {
    offered = null;
  });
}

/** Whether the browser offered to install the app on this page. */
export const canPromptInstall = (): boolean => offered !== null;

/** Shows the browser's install question; true when the member accepted. */
export async function promptInstall(): Promise<boolean> {
  const offer = offered;
  if (!offer) return false;
  offered = null;
  await offer.prompt();
  return (await offer.userChoice).outcome === 'accepted';
}

/** How this device can install the app: the browser's prompt, Safari's Share menu, already done, or a menu item. */
export function installWay(): 'installed' | 'prompt' | 'ios' | 'menu' {
  if (window.matchMedia?.('(display-mode: standalone)').matches) return 'installed';
  if (canPromptInstall()) return 'prompt';
  const ua = navigator.userAgent ?? '';
  if (/iPhone|iPad|iPod/.test(ua) || (ua.includes('Macintosh') && navigator.maxTouchPoints > 1)) return 'ios';
  return 'menu';
}
