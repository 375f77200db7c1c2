import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { restoreSession } from '../../../../src/state/session';
import { renderApp } from '../../app/render-app';
import { json, stubFetch } from '../../fake-api';

beforeEach(restoreSession);
afterEach(() => vi.useRealTimers());

const STRONG = 'Kayak2026!';

async function openScreen(path: string) {
  const app = renderApp(path);
  await screen.findByLabelText('Nouveau mot de passe');
  return app;
}

function type(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

const submitButton = () => screen.getByRole('button', { name: 'Enregistrer le mot de passe' });

describe('password screen', () => {
  it.each([
    ['', 0, 'très faible'],
    ['abc', 20, 'très faible'],
    ['abcdefgh', 40, 'faible'],
    ['Abcdefgh', 60, 'moyenne'],
    ['Abcdefg1', 80, 'bonne'],
    ['Abcdef1!', 100, 'excellente'],
    ['ABC1!', 60, 'moyenne'],
  ])('scores %j at %i points, shown as the band "%s" in words', async (password, points, words) => {
    stubFetch(() => json(200, { ok: true }));
    await openScreen('/reset?token=abc');
    type('Nouveau mot de passe', password);
    const meter = screen.getByRole('meter', { name: 'Robustesse du mot de passe' });
    expect(meter.getAttribute('aria-valuenow')).toBe(String(points));
    expect(meter.getAttribute('aria-valuetext')).toBe(`Robustesse : ${words} (${points}/100)`);
    expect(screen.getByText(`Robustesse : ${words}`)).toBeTruthy();
  });

  it('says the passwords differ while typing, and not once they match', async () => {
    stubFetch(() => json(200, { ok: true }));
    await openScreen('/reset?token=abc');
    type('Nouveau mot de passe', STRONG);
    type('Confirmation du mot de passe', 'Kayak');
    expect(screen.getByText('Les mots de passe ne correspondent pas.')).toBeTruthy();
    type('Confirmation du mot de passe', STRONG);
    expect(screen.queryByText('Les mots de passe ne correspondent pas.')).toBeNull();
  });

  it('enables submit only for a strong password confirmed identically', async () => {
    stubFetch(() => json(200, { ok: true }));
    await openScreen('/confirm/tok123');
    expect((submitButton() as HTMLButtonElement).disabled).toBe(true);
    type('Nouveau mot de passe', 'abcdefgh!');
    type('Confirmation du mot de passe', 'abcdefgh!');
    expect((submitButton() as HTMLButtonElement).disabled).toBe(true); // weak, even if matching
    type('Nouveau mot de passe', STRONG);
    expect((submitButton() as HTMLButtonElement).disabled).toBe(true); // strong, not matching
    type('Confirmation du mot de passe', STRONG);
    expect((submitButton() as HTMLButtonElement).disabled).toBe(false);
  });

  it('confirms an invitation: posts the path token, says so, disables submit, back to /login after 4 s', async () => {
    const fetchMock = stubFetch(() => json(200, { ok: true }));
    const { router } = await openScreen('/confirm/tok123');
    expect(screen.getByRole('heading', { name: 'Confirmation du compte' })).toBeTruthy();
    type('Nouveau mot de passe', STRONG);
    type('Confirmation du mot de passe', STRONG);
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.click(submitButton());
    expect((await screen.findByRole('status')).textContent).toContain(
      "Mot de passe confirmé ! Le formulaire de connexion va s'ouvrir.",
    );
    expect((submitButton() as HTMLButtonElement).disabled).toBe(true);
    const [, init] = fetchMock.mock.calls.find(([url]) => url === '/api/user/confirm/tok123') ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({ password: STRONG });
    expect(router.state.location.pathname).toBe('/confirm/tok123');
    await act(() => vi.advanceTimersByTimeAsync(4000));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('resets with the query token and says so', async () => {
    const fetchMock = stubFetch(() => json(200, { ok: true }));
    await openScreen('/reset?token=q-tok');
    type('Nouveau mot de passe', STRONG);
    type('Confirmation du mot de passe', STRONG);
    fireEvent.click(submitButton());
    expect((await screen.findByRole('status')).textContent).toContain(
      'Mot de passe réinitialisé avec succès.',
    );
    const [, init] = fetchMock.mock.calls.find(([url]) => url === '/api/user/reset') ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({ Reset: { token: 'q-tok', password: STRONG } });
  });

  it('shows the unknown context error when there is no token at all', async () => {
    const fetchMock = stubFetch(() => json(200, { ok: true }));
    renderApp('/reset');
    expect((await screen.findByRole('alert')).textContent).toBe('Erreur : contexte inconnu.');
    expect(screen.queryByLabelText('Nouveau mot de passe')).toBeNull();
    expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/user/reset'))).toBe(false);
  });

  it.each([
    ['token_invalid', "Ce lien n'est plus valide."],
    [
      'password_too_weak',
      'Le mot de passe doit contenir au moins 8 caractères, une majuscule, une minuscule et un chiffre.',
    ],
  ])('shows the server refusal %s in words and lets the user try again', async (code, words) => {
    stubFetch(() => json(400, { code, message: code, field: null }));
    const { router } = await openScreen('/reset?token=old');
    type('Nouveau mot de passe', STRONG);
    type('Confirmation du mot de passe', STRONG);
    fireEvent.click(submitButton());
    expect((await screen.findByRole('alert')).textContent).toBe(words);
    expect((submitButton() as HTMLButtonElement).disabled).toBe(false);
    expect(router.state.location.pathname).toBe('/reset');
  });

  it('shows and hides each password on its own', async () => {
    stubFetch(() => json(200, { ok: true }));
    await openScreen('/reset?token=abc');
    const password = screen.getByLabelText('Nouveau mot de passe') as HTMLInputElement;
    const confirmation = screen.getByLabelText('Confirmation du mot de passe') as HTMLInputElement;
    fireEvent.click(screen.getByRole('button', { name: 'Afficher le nouveau mot de passe' }));
    expect(password.type).toBe('text');
    expect(confirmation.type).toBe('password');
    fireEvent.click(screen.getByRole('button', { name: 'Afficher la confirmation' }));
    expect(confirmation.type).toBe('text');
    fireEvent.click(screen.getByRole('button', { name: 'Masquer le nouveau mot de passe' }));
    expect(password.type).toBe('password');
  });
});
