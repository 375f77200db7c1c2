import { act, fireEvent, render, screen, within } from '@testing-library/react';
import i18n from 'i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { WelcomeDialog } from '../../../src/features/events/welcome-dialog';
import { keepInstallOffer } from '../../../src/state/install-offer';
import { isWelcomeDue, markWelcomeDue, markWelcomeSeen } from '../../../src/state/welcome';
import { InstallGuide } from '../../../src/ui/install/install-guide';
import { stubModalDialogs } from '../modal-dialogs';

const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Version/18.0 Safari';

beforeAll(() => {
  stubModalDialogs();
  keepInstallOffer();
});
beforeEach(() => {
  vi.stubGlobal('matchMedia', () => ({ matches: false }));
});
afterEach(() => vi.unstubAllGlobals());

const onPhone = (userAgent: string) =>
  vi.stubGlobal('navigator', { ...navigator, userAgent, maxTouchPoints: 5 });

const offerInstall = (outcome: 'accepted' | 'dismissed') => {
  const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt: vi.fn(async () => undefined),
    userChoice: Promise.resolve({ outcome }),
  });
  window.dispatchEvent(event);
  return event;
};

// « Installer l'application » (docs/rules.md#club-settings): the browser's offer where there is one, else the
// steps with pictures for this phone, the other phone's a tap away; says so once installed.
describe('install guide', () => {
  it("replays the browser's offer from a tap, and says the app is installed once accepted", async () => {
    const offer = offerInstall('accepted');
    expect(offer.defaultPrevented).toBe(true);
    render(<InstallGuide />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: "Installer l'application" })));
    expect(offer.prompt).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('status').textContent).toBe("L'application est installée sur cet appareil.");
  });

  it('turned down, the offer gives way to the steps', async () => {
    onPhone(ANDROID);
    offerInstall('dismissed');
    render(<InstallGuide />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: "Installer l'application" })));
    expect(screen.getByTestId('install-steps-android')).toBeTruthy();
  });

  it('on Android without an offer: the « ⋮ » menu then « Ajouter à l’écran d’accueil », each with its picture', () => {
    onPhone(ANDROID);
    render(<InstallGuide />);
    expect(screen.getByRole('button', { name: 'Android' }).getAttribute('aria-pressed')).toBe('true');
    const steps = within(screen.getByTestId('install-steps-android')).getAllByRole('listitem');
    expect(steps.map((step) => step.textContent)).toEqual([
      'Dans Chrome, touchez le menu « ⋮ » en haut à droite.',
      "Touchez « Ajouter à l'écran d'accueil » ou « Installer l'application », puis confirmez.",
      "L'icône du club est sur l'écran d'accueil : ouvrez l'application en la touchant.",
    ]);
    expect(
      within(steps[0] as HTMLElement)
        .getByRole('img')
        .getAttribute('aria-label'),
    ).toMatch(/menu « ⋮ »/);
    expect(screen.getAllByRole('img')).toHaveLength(3);
  });

  it('on an iPhone: Safari’s « Partager » then « Sur l’écran d’accueil »; Android’s steps one tap away', () => {
    onPhone(IPHONE);
    render(<InstallGuide />);
    const steps = within(screen.getByTestId('install-steps-ios')).getAllByRole('listitem');
    expect(steps[0]?.textContent).toMatch(/touchez « Partager »/);
    expect(steps[1]?.textContent).toMatch(/« Sur l'écran d'accueil »/);
    expect(screen.getByRole('img', { name: /bouton « Partager »/ })).toBeTruthy();
    expect(screen.getByText(/les notifications ne marchent qu'une fois/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Android' }));
    expect(screen.queryByTestId('install-steps-ios')).toBeNull();
    expect(screen.getByTestId('install-steps-android')).toBeTruthy();
  });

  it('an iPad that says « Macintosh » gets the iPhone steps', () => {
    onPhone('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Version/18.0 Safari');
    render(<InstallGuide />);
    expect(screen.getByRole('button', { name: 'iPhone ou iPad' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('running as the installed app, it says so instead of steps', () => {
    vi.stubGlobal('matchMedia', () => ({ matches: true }));
    render(<InstallGuide />);
    expect(screen.getByText("L'application est installée sur cet appareil.")).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('speaks English too', async () => {
    onPhone(IPHONE);
    await i18n.changeLanguage('en');
    try {
      render(<InstallGuide />);
      expect(screen.getByText(/tap “Add to Home Screen”/)).toBeTruthy();
      expect(screen.getByRole('button', { name: 'iPhone or iPad' })).toBeTruthy();
    } finally {
      await i18n.changeLanguage('fr');
    }
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
    // The install help, its own chunk, shows in the welcome with its steps.
    expect(await screen.findByRole('heading', { name: "Installer l'application" })).toBeTruthy();
    expect(await screen.findByTestId('install-steps-android')).toBeTruthy();
    expect(requestPermission).not.toHaveBeenCalled();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Activer les notifications' })));
    expect(requestPermission).toHaveBeenCalledTimes(1);
    expect(await screen.findByText(/Le navigateur a refusé les notifications/)).toBeTruthy();
  });
});
