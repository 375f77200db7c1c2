import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../../src/data/core/api-client';
import { useConnectivityStore } from '../../../../src/data/core/connectivity';
import {
  readClubSettingsForAdmin,
  updateClubSettings,
  updateSlogan,
  uploadLogo,
} from '../../../../src/data/settings';
import { AppSettingsScreen } from '../../../../src/features/app-settings/app-settings-screen';
import { useToastStore } from '../../../../src/state/toast-store';

vi.mock('../../../../src/data/settings', () => ({
  useSlogan: () => 'Bienvenue',
  useLogoUrl: () => '',
  updateSlogan: vi.fn(),
  uploadLogo: vi.fn(),
  readClubSettingsForAdmin: vi.fn(),
  updateClubSettings: vi.fn(),
}));

const CLUB = { club_name: 'Kayak Club', accent_colour: '#1d4ed8', reminder_hours: 24, show_attendees: true };

beforeEach(() => {
  useToastStore.setState({ toasts: [] });
  useConnectivityStore.setState({ isOnline: true });
  vi.mocked(updateSlogan).mockReset().mockResolvedValue('Pagayer ensemble');
  vi.mocked(uploadLogo).mockReset().mockResolvedValue('/files/logo.png?v=1');
  vi.mocked(readClubSettingsForAdmin).mockReset().mockResolvedValue(CLUB);
  vi.mocked(updateClubSettings)
    .mockReset()
    .mockImplementation(async (changes) => ({ ...CLUB, ...changes }));
});

const renderScreen = () =>
  render(
    <MemoryRouter>
      <AppSettingsScreen />
    </MemoryRouter>,
  );
const toasts = () => useToastStore.getState().toasts.map((t) => [t.messageKey, t.text]);

describe('the slogan', () => {
  it('starts from the saved slogan and sends the new one, trimmed', async () => {
    renderScreen();
    const field = screen.getByLabelText("Slogan affiché dans l'en-tête");
    expect(field).toHaveProperty('value', 'Bienvenue');
    fireEvent.change(field, { target: { value: ' Pagayer ensemble ' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Mettre à jour' })));
    expect(updateSlogan).toHaveBeenCalledWith('Pagayer ensemble');
    expect(toasts()).toEqual([['appSettings.slogan_updated', undefined]]);
  });

  it('refuses an empty slogan, and shows the reason of a failed update', async () => {
    vi.mocked(updateSlogan).mockRejectedValueOnce(new ApiError(403, 'forbidden', 'no'));
    renderScreen();
    const field = screen.getByLabelText("Slogan affiché dans l'en-tête");
    const update = screen.getByRole('button', { name: 'Mettre à jour' });
    fireEvent.change(field, { target: { value: '  ' } });
    expect(update).toHaveProperty('disabled', true);
    expect(screen.getByText('Champ obligatoire')).toBeTruthy();
    fireEvent.change(field, { target: { value: 'Ramer' } });
    await act(async () => fireEvent.click(update));
    expect(toasts()).toEqual([
      ['appSettings.slogan_update_error', "Vous n'avez pas le droit de faire cette action."],
    ]);
    expect(field).toHaveProperty('value', 'Ramer');
  });
});

describe('the logo', () => {
  it('is a named button that opens an image picker; the chosen file is sent at once', async () => {
    renderScreen();
    const input = screen.getByLabelText('Fichier du logo') as HTMLInputElement;
    expect(input.accept).toContain('image/png');
    const pick = vi.spyOn(input, 'click').mockImplementation(() => undefined);
    fireEvent.click(screen.getByRole('button', { name: 'Changer le logo' }));
    expect(pick).toHaveBeenCalled();
    const file = new File(['png'], 'club.png', { type: 'image/png' });
    await act(async () => fireEvent.change(input, { target: { files: [file] } }));
    expect(uploadLogo).toHaveBeenCalledWith(file);
    expect(toasts()).toEqual([['appSettings.logo_updated', undefined]]);
  });

  it('offline: nothing can be sent, and the screen says why', () => {
    useConnectivityStore.setState({ isOnline: false });
    renderScreen();
    expect(screen.getByRole('button', { name: 'Changer le logo' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Mettre à jour' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('status').textContent).toContain('Hors ligne');
  });
});

describe('the club', () => {
  it('starts from the saved name, colour, delay and list setting, and saves them; 0 switches reminders off', async () => {
    renderScreen();
    const name = await screen.findByLabelText('Nom du club');
    expect(name).toHaveProperty('value', 'Kayak Club');
    expect(screen.getByLabelText('Couleur du club')).toHaveProperty('value', '#1d4ed8');
    fireEvent.change(name, { target: { value: ' Les Pagayeurs ' } });
    fireEvent.change(screen.getByLabelText('Couleur du club'), { target: { value: '#0f766e' } });
    fireEvent.change(screen.getByLabelText('Rappel avant chaque évènement (heures)'), {
      target: { value: '0' },
    });
    const attendees = screen.getByRole('checkbox', {
      name: 'Les membres voient qui vient à chaque évènement',
    });
    expect(attendees).toHaveProperty('checked', true);
    fireEvent.click(attendees);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' })));
    expect(updateClubSettings).toHaveBeenCalledWith({
      club_name: 'Les Pagayeurs',
      accent_colour: '#0f766e',
      reminder_hours: 0,
      show_attendees: false,
    });
    expect(toasts()).toEqual([['appSettings.club_saved', undefined]]);
  });

  it('refuses a blank name or a delay over 72 h, saying why', async () => {
    renderScreen();
    const hours = await screen.findByLabelText('Rappel avant chaque évènement (heures)');
    fireEvent.change(hours, { target: { value: '73' } });
    expect(screen.getByRole('button', { name: 'Enregistrer' })).toHaveProperty('disabled', true);
    expect(screen.getByText('Un nom de 1 à 80 caractères, et un rappel de 0 à 72 heures.')).toBeTruthy();
    expect(updateClubSettings).not.toHaveBeenCalled();
  });

  it('says so when the settings cannot be read, and tries again', async () => {
    vi.mocked(readClubSettingsForAdmin).mockRejectedValueOnce(new ApiError(0, 'network_error', 'offline'));
    renderScreen();
    expect(await screen.findByText("Les paramètres du club n'ont pas pu être lus.")).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Réessayer' })));
    expect(await screen.findByLabelText('Nom du club')).toBeTruthy();
  });
});
