import { passesOnWhite } from '@common/rules/colour-contrast';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
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

const CLUB = {
  club_name: 'Kayak Club',
  accent_colour: '#1d4ed8',
  reminder_hours: 24,
  show_attendees: true,
  short_name: null,
};

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

// The club's look in one form, saved by one button (docs/rules.md#club-settings).
describe("the club's identity", () => {
  const saveButton = () => screen.getByRole('button', { name: "Enregistrer l'identité du club" });

  it('saves name, short name, colour, slogan and logo with one button', async () => {
    URL.createObjectURL = () => 'blob:logo';
    URL.revokeObjectURL = () => undefined;
    renderScreen();
    const name = await screen.findByLabelText('Nom du club');
    expect(name).toHaveProperty('value', 'Kayak Club');
    expect(screen.getByLabelText('Couleur du club')).toHaveProperty('value', '#1d4ed8');
    expect(screen.getByLabelText("Slogan affiché dans l'en-tête")).toHaveProperty('value', 'Bienvenue');
    fireEvent.change(name, { target: { value: ' Les Pagayeurs de la Rivière ' } });
    // Left empty, the short name is the name cut to 12, and the form says what the icon will show.
    expect(screen.getByText(/Affiché : « Les Pagayeur »/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Nom court (sous l'icône de l'écran d'accueil)"), {
      target: { value: 'Pagayeurs' },
    });
    fireEvent.change(screen.getByLabelText('Couleur du club'), { target: { value: '#0f766e' } });
    fireEvent.change(screen.getByLabelText("Slogan affiché dans l'en-tête"), {
      target: { value: ' Pagayer ensemble ' },
    });
    const input = screen.getByLabelText('Fichier du logo') as HTMLInputElement;
    expect(input.accept).toContain('image/png');
    const pick = vi.spyOn(input, 'click').mockImplementation(() => undefined);
    fireEvent.click(screen.getByRole('button', { name: 'Changer le logo' }));
    expect(pick).toHaveBeenCalled();
    const file = new File(['png'], 'club.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [file] } });
    expect(screen.getByRole('img', { name: 'Nouveau logo choisi' })).toBeTruthy();
    expect(uploadLogo).not.toHaveBeenCalled(); // sent with the save, not on picking

    await act(async () => fireEvent.click(saveButton()));
    expect(updateClubSettings).toHaveBeenCalledWith({
      club_name: 'Les Pagayeurs de la Rivière',
      short_name: 'Pagayeurs',
      accent_colour: '#0f766e',
    });
    expect(updateSlogan).toHaveBeenCalledWith('Pagayer ensemble');
    expect(uploadLogo).toHaveBeenCalledWith(file);
    expect(toasts()).toEqual([['appSettings.brand_saved', undefined]]);
  });

  it('an unchanged slogan and no new logo send only the settings; an empty short name clears it', async () => {
    vi.mocked(readClubSettingsForAdmin).mockResolvedValueOnce({ ...CLUB, short_name: 'Kayak' });
    renderScreen();
    const short = await screen.findByLabelText("Nom court (sous l'icône de l'écran d'accueil)");
    expect(short).toHaveProperty('value', 'Kayak');
    fireEvent.change(short, { target: { value: '  ' } });
    await act(async () => fireEvent.click(saveButton()));
    expect(updateClubSettings).toHaveBeenCalledWith({
      club_name: 'Kayak Club',
      short_name: null,
      accent_colour: '#1d4ed8',
    });
    expect(updateSlogan).not.toHaveBeenCalled();
    expect(uploadLogo).not.toHaveBeenCalled();
  });

  it('a colour too light for white text: says why, blocks the save, and proposes the nearest passing shade', async () => {
    renderScreen();
    const colour = await screen.findByLabelText('Couleur du club');
    fireEvent.change(colour, { target: { value: '#facc15' } });
    expect(screen.getByRole('alert').textContent).toMatch(
      /^Trop claire pour un texte blanc : contraste 1,5 pour 1/,
    );
    expect(colour.getAttribute('aria-invalid')).toBe('true');
    expect(saveButton()).toHaveProperty('disabled', true);
    const use = screen.getByRole('button', { name: /^Utiliser #[0-9a-f]{6}$/ });
    const shade = use.textContent?.replace('Utiliser ', '') ?? '';
    expect(passesOnWhite(shade)).toBe(true);
    fireEvent.click(use);
    expect(colour).toHaveProperty('value', shade);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(saveButton()).toHaveProperty('disabled', false);
  });

  it("shows the server's refusal of the colour on the field, in words", async () => {
    vi.mocked(updateClubSettings).mockRejectedValueOnce(
      new ApiError(400, 'invalid_input', 'accent_colour: contrast', 'accent_colour'),
    );
    renderScreen();
    await screen.findByLabelText('Couleur du club');
    await act(async () => fireEvent.click(saveButton()));
    const colourField = screen.getByLabelText('Couleur du club').closest('div')?.parentElement as HTMLElement;
    expect(within(colourField).getByRole('alert').textContent).toBe(
      'Couleur refusée : trop claire pour un texte blanc (contraste de 4,5 pour 1 au moins).',
    );
    expect(updateSlogan).not.toHaveBeenCalled();
  });

  it('refuses an empty name or slogan, saying why; a failed logo keeps the picked file to try again', async () => {
    URL.createObjectURL = () => 'blob:logo';
    URL.revokeObjectURL = () => undefined;
    vi.mocked(uploadLogo).mockRejectedValueOnce(new ApiError(413, 'file_too_large', 'big'));
    renderScreen();
    const name = await screen.findByLabelText('Nom du club');
    fireEvent.change(name, { target: { value: '  ' } });
    expect(screen.getByText('Un nom de 1 à 80 caractères.')).toBeTruthy();
    expect(saveButton()).toHaveProperty('disabled', true);
    fireEvent.change(name, { target: { value: 'Kayak Club' } });
    fireEvent.change(screen.getByLabelText("Slogan affiché dans l'en-tête"), { target: { value: ' ' } });
    expect(screen.getByText('Champ obligatoire')).toBeTruthy();
    expect(saveButton()).toHaveProperty('disabled', true);
    fireEvent.change(screen.getByLabelText("Slogan affiché dans l'en-tête"), { target: { value: 'Ramer' } });
    const file = new File(['png'], 'club.png', { type: 'image/png' });
    fireEvent.change(screen.getByLabelText('Fichier du logo'), { target: { files: [file] } });
    await act(async () => fireEvent.click(saveButton()));
    expect(toasts().map(([key]) => key)).toEqual(['appSettings.logo_update_error']);
    expect(screen.getByRole('img', { name: 'Nouveau logo choisi' })).toBeTruthy();
  });

  it('offline: nothing can be sent, and the screen says why', async () => {
    renderScreen();
    await screen.findByLabelText('Nom du club');
    act(() => useConnectivityStore.setState({ isOnline: false }));
    expect(screen.getByRole('button', { name: 'Changer le logo' })).toHaveProperty('disabled', true);
    expect(saveButton()).toHaveProperty('disabled', true);
    expect(screen.getByRole('status').textContent).toContain('Hors ligne');
  });
});

describe('reminders and the attendee list', () => {
  it('starts from the saved delay and list setting, and saves them; 0 switches reminders off', async () => {
    renderScreen();
    const hours = await screen.findByLabelText('Rappel avant chaque évènement (heures)');
    fireEvent.change(hours, { target: { value: '0' } });
    const attendees = screen.getByRole('checkbox', {
      name: 'Les membres voient qui vient à chaque évènement',
    });
    expect(attendees).toHaveProperty('checked', true);
    fireEvent.click(attendees);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' })));
    expect(updateClubSettings).toHaveBeenCalledWith({ reminder_hours: 0, show_attendees: false });
    expect(toasts()).toEqual([['appSettings.club_saved', undefined]]);
  });

  it('refuses a delay over 72 h, saying why', async () => {
    renderScreen();
    const hours = await screen.findByLabelText('Rappel avant chaque évènement (heures)');
    fireEvent.change(hours, { target: { value: '73' } });
    expect(screen.getByRole('button', { name: 'Enregistrer' })).toHaveProperty('disabled', true);
    expect(screen.getByText('Un rappel de 0 à 72 heures.')).toBeTruthy();
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
