import { NOTIFICATION_DEFAULTS, NOTIFICATION_TYPES } from '@common/contract/notifications';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useConnectivityStore } from '../../../../src/data/core/connectivity';
import { fetchSystemEmailSettings, saveSystemEmailSetting } from '../../../../src/data/email-settings';
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
}));
vi.mock('../../../../src/state/session', () => ({ useCurrentUser: () => ADMIN }));

beforeEach(() => {
  useToastStore.setState({ toasts: [] });
  useConnectivityStore.setState({ isOnline: true });
  vi.mocked(fetchSystemEmailSettings).mockReset().mockResolvedValue(settingsWith(false));
  vi.mocked(saveSystemEmailSetting).mockReset().mockResolvedValue(settingsWith(true));
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
    expect(screen.getByText('Programme de la semaine (bêta)')).toBeTruthy();
    expect(screen.getByText("Envoyer un email d'invitation aux nouveaux membres.")).toBeTruthy();
    expect(screen.getByText('Rappels avant un évènement')).toBeTruthy();
  });

  it('saves a switch at once and shows what the server kept', async () => {
    renderScreen();
    const weekly = await screen.findByRole('switch', { name: 'Programme de la semaine (bêta)' });
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
    const weekly = await screen.findByRole('switch', { name: 'Programme de la semaine (bêta)' });
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
});
