/**
 * The browser's offer to install the app (`beforeinstallprompt`, Chromium browsers), kept from the page's
 * start: it fires once, early, and must be replayed later from a tap ("Installer l'application"). Loaded
 * with the first paint, so only the keeping is here; the install guide (ui/install/) replays it, lazily.
 */
export interface InstallPromptEvent extends Event {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

/** The offer the browser made on this page, until it is used or the app is installed. */
export const installOffer: { event: InstallPromptEvent | null } = { event: null };

export function keepInstallOffer(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    // The browser's own mini-bar stays away; the app offers it where the member looks for it.
    event.preventDefault();
    installOffer.event = event as InstallPromptEvent;
  });
  window.addEventListener('appinstalled', () => {
    installOffer.event = null;
  });
}
