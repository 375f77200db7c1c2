import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { WelcomeDialog } from '../../../src/features/events/welcome-dialog';
import { keepInstallOffer } from '../../../src/state/install-offer';
import { isWelcomeDue, markWelcomeDue, markWelcomeSeen } from '../../../src/state/welcome';
import { InstallHelp } from '../../../src/ui/install-help';
import { stubModalDialogs } from '../modal-dialogs';

beforeAll(() => {
  stubModalDialogs();
  keepInstallOffer();
});
beforeEach(() => {
  vi.stubGlobal('matchMedia', () => ({ matches: false }));
});
afterEach(() => vi.unstubAllGlobals());

const offerInstall = (outcome: 'accepted' | 'dismissed') => {
  const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt: vi.fn(async () => undefined),
    userChoice: Promise.resolve({ outcome }),
  });
  window.dispatchEvent(event);
  return event;
};

// "Installer l'application" uses the browser's offer where there is one, explains the Share menu on iOS, and
// says so once installed.
describe('install help', () => {
  it("replays the browser's offer from a tap, and says the app is installed once accepted", async () => {
    const offer = offerInstall('accepted');
    expect(offer.defaultPrevented).toBe(true);
    render(<InstallHelp />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: "Installer l'application" })));
    expect(offer.prompt).toHaveBeenCalledTimes(1);
    expect(screen.getByText("L'application est installée sur cet appareil.")).toBeTruthy();
  });

  it('explains Safari’s Share menu on an iPhone', () => {
    vi.stubGlobal('navigator', {
      ...navigator,
      userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X)',
    });
    render(<InstallHelp />);
    expect(screen.getByText(/touchez Partager, puis « Sur l'écran d'accueil »/)).toBeTruthy();
  });

  it('says it is installed when running as the installed app, and points to the menu elsewhere', () => {
    vi.stubGlobal('matchMedia', () => ({ matches: true }));
    const { unmount } = render(<InstallHelp />);
    expect(screen.getByText("L'application est installée sur cet appareil.")).toBeTruthy();
    unmount();
    vi.stubGlobal('matchMedia', () => ({ matches: false }));
    render(<InstallHelp />);
    expect(screen.getByText(/Dans le menu de votre navigateur/)).toBeTruthy();
  });
});

describe('the welcome', () => {
  it('is due once after the first password, and not after it was seen', () => {
    expect(isWelcomeDue()).toBe(false);
    markWelcomeDue();
    expect(isWelcomeDue()).toBe(true);
    markWelcomeSeen();
    expect(isWelcomeDue()).toBe(false);
  });

  it('asks for notifications only from its button, and says what the browser answered', async () => {
    const requestPermission = vi.fn(async () => 'denied' as NotificationPermission);
    vi.stubGlobal('Notification', { permission: 'default', requestPermission });
    vi.stubGlobal('PushManager', class {});
    vi.stubGlobal('navigator', {
      userAgent: 'Mozilla/5.0 (X11; Linux x86_64)',
      maxTouchPoints: 0,
      serviceWorker: {},
    });
    render(<WelcomeDialog onClose={() => undefined} />);
    expect(screen.getByRole('dialog', { name: 'Bienvenue !' })).toBeTruthy();
    expect(requestPermission).not.toHaveBeenCalled();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Activer les notifications' })));
    expect(requestPermission).toHaveBeenCalledTimes(1);
    expect(await screen.findByText(/Le navigateur a refusé les notifications/)).toBeTruthy();
  });
});
