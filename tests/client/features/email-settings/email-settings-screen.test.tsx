import { NOTIFICATION_DEFAULTS, NOTIFICATION_TYPES } from '@common/contract/notifications';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../../src/data/core/api-client';
import { useConnectivityStore } from '../../../../src/data/core/connectivity';
import {
  fetchMailSender,
  fetchSystemEmailSettings,
  saveSystemEmailSetting,
  sendTestMail,
} from '../../../../src/data/email-settings';
import {
  EMAIL_TOUR_FLAG_KEY,
  EmailSettingsScreen,
} from '../../../../src/features/email-settings/email-settings-screen';
import { useToastStore } from '../../../../src/state/toast-store';
import { USER } from '../../fake-api';

const ADMIN = { ...USER, role_name: 'Admin' as const };
const settingsWith = (weekly: boolean) =>
  NOTIFICATION_TYPES.map((name) => ({
    name,
    description: `${name}_description`,
    active: name === 'weekly_event_list' ? weekly : NOTIFICATION_DEFAULTS[name],
  }));

vi.mock('../../../../src/data/email-settings', () => ({
  fetchSystemEmailSettings: vi.fn(),
  saveSystemEmailSetting: vi.fn(),
  fetchMailSender: vi.fn(),
  sendTestMail: vi.fn(),
}));
vi.mock('../../../../src/state/session', () => ({ useCurrentUser: () => ADMIN }));

beforeEach(() => {
  useToastStore.setState({ toasts: [] });
  useConnectivityStore.setState({ isOnline: true });
  vi.mocked(fetchSystemEmailSettings).mockReset().mockResolvedValue(settingsWith(false));
  vi.mocked(saveSystemEmailSetting).mockReset().mockResolvedValue(settingsWith(true));
  vi.mocked(fetchMailSender).mockReset().mockResolvedValue({
    from_name: "Kayak Club de l'Odet",
    from_address: 'club@kayak-odet.example.org',
    reply_to: null,
  });
  vi.mocked(sendTestMail).mockReset().mockResolvedValue({ to: 'lena@example.org' });
});

const renderScreen = () =>
  render(
    <MemoryRouter>
      <EmailSettingsScreen />
    </MemoryRouter>,
  );

describe('the email settings', () => {
  it('lists the nine types, reminders and discussions among them, with a name and the club-wide description', async () => {
    renderScreen();
    expect(await screen.findAllByRole('switch')).toHaveLength(9);
    expect(screen.getByText('Discussions sous les évènements')).toBeTruthy();
    expect(screen.getByText('Résumé des inscriptions (organisateurs)')).toBeTruthy();
    expect(fetchSystemEmailSettings).toHaveBeenCalledWith(ADMIN.id);
    expect(screen.getByText('Programme de la semaine')).toBeTruthy();
    expect(screen.getByText("Envoyer un email d'invitation aux nouveaux membres.")).toBeTruthy();
    expect(screen.getByText('Rappels avant un évènement')).toBeTruthy();
  });

  it('saves a switch at once and shows what the server kept', async () => {
    renderScreen();
    const weekly = await screen.findByRole('switch', { name: 'Programme de la semaine' });
    expect(weekly.getAttribute('aria-checked')).toBe('false');
    await act(async () => fireEvent.click(weekly));
    expect(saveSystemEmailSetting).toHaveBeenCalledWith(ADMIN.id, {
      name: 'weekly_event_list',
      active: true,
    });
    expect(weekly.getAttribute('aria-checked')).toBe('true');
    expect(useToastStore.getState().toasts.map((t) => t.messageKey)).toEqual([
      'emailSettings.settings_updated',
    ]);
  });

  it('offline: the switches are disabled with the reason', async () => {
    useConnectivityStore.setState({ isOnline: false });
    renderScreen();
    const weekly = await screen.findByRole('switch', { name: 'Programme de la semaine' });
    expect(weekly).toHaveProperty('disabled', true);
    expect(weekly.getAttribute('aria-describedby')).toContain(
      screen.getByText(/Hors ligne/).getAttribute('id') ?? 'missing',
    );
  });

  it('runs the guided tour on the first two visits, then never', async () => {
    for (const [visit, runs] of [
      [1, true],
      [2, true],
      [3, false],
    ] as const) {
      const { unmount } = renderScreen();
      await screen.findAllByRole('switch');
      expect(screen.queryAllByTestId('email-settings-tour')).toHaveLength(runs ? 1 : 0);
      expect(localStorage.getItem(EMAIL_TOUR_FLAG_KEY)).toBe(visit === 1 ? 'true' : 'false');
      unmount();
    }
  });

  it('names the sender and where replies go, and sends a test mail to the Admin', async () => {
    renderScreen();
    const sender = await screen.findByRole('region', { name: 'Expéditeur des mails' });
    expect(
      await within(sender).findByText("Kayak Club de l'Odet <club@kayak-odet.example.org>"),
    ).toBeTruthy();
    expect(within(sender).getByText('la même adresse')).toBeTruthy();
    await act(async () =>
      fireEvent.click(within(sender).getByRole('button', { name: 'Envoyer un mail de test' })),
    );
    expect(sendTestMail).toHaveBeenCalledTimes(1);
    expect(within(sender).getByRole('status').textContent).toMatch(
      /^Mail de test envoyé à lena@example\.org\./,
    );
  });

  it('names a Reply-To when the server has one, and says a refused test mail in words', async () => {
    vi.mocked(fetchMailSender).mockResolvedValue({
      from_name: null,
      from_address: 'club@kayak-odet.example.org',
      reply_to: 'bureau@kayak-odet.example.org',
    });
    vi.mocked(sendTestMail).mockRejectedValue(new ApiError(429, 'too_many_requests', 'x'));
    renderScreen();
    const sender = await screen.findByRole('region', { name: 'Expéditeur des mails' });
    expect(await within(sender).findByText('bureau@kayak-odet.example.org')).toBeTruthy();
    expect(within(sender).getByText('club@kayak-odet.example.org')).toBeTruthy();
    await act(async () =>
      fireEvent.click(within(sender).getByRole('button', { name: 'Envoyer un mail de test' })),
    );
    expect(within(sender).getByRole('status').textContent).toBe(
      'Trop de tentatives. Réessayez dans un moment.',
    );
  });
});
