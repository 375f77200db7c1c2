import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../../src/data/core/api-client';
import { useConnectivityStore } from '../../../../src/data/core/connectivity';
import { updateSlogan, uploadLogo } from '../../../../src/data/settings';
import { AppSettingsScreen } from '../../../../src/features/app-settings/app-settings-screen';
import { useToastStore } from '../../../../src/state/toast-store';

vi.mock('../../../../src/data/settings', () => ({
  useSlogan: () => 'Bienvenue',
  useLogoUrl: () => '',
  updateSlogan: vi.fn(),
  uploadLogo: vi.fn(),
}));

beforeEach(() => {
  useToastStore.setState({ toasts: [] });
  useConnectivityStore.setState({ isOnline: true });
  vi.mocked(updateSlogan).mockReset().mockResolvedValue('Pagayer ensemble');
  vi.mocked(uploadLogo).mockReset().mockResolvedValue('/files/logo.png?v=1');
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
