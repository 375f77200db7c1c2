import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { restoreSession } from '../../../../src/state/session';
import { renderApp } from '../../app/render-app';
import { json, offline, stubFetch } from '../../fake-api';

beforeEach(restoreSession);
afterEach(() => vi.useRealTimers());

async function ask(email: string) {
  fireEvent.change(await screen.findByLabelText('Adresse e-mail'), { target: { value: email } });
  fireEvent.click(screen.getByRole('button', { name: 'Envoyer le lien' }));
}

const resetCalls = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls.filter(([url]) => url === '/api/user/reset');

describe('ask reset screen', () => {
  it('refuses an address that does not match the email pattern, and sends nothing', async () => {
    const fetchMock = stubFetch(() => json(200, { ok: true }));
    renderApp('/askreset');
    await ask('marie@');
    expect((await screen.findByRole('alert')).textContent).toBe("L'adresse email n'est pas valide");
    expect(resetCalls(fetchMock)).toHaveLength(0);
  });

  it('sends {Ask:{email}}, confirms, and goes back to /login after 5 s', async () => {
    const fetchMock = stubFetch(() => json(200, { ok: true }));
    const { router } = renderApp('/askreset');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await ask(' Marie@Example.org ');
    expect((await screen.findByRole('status')).textContent).toContain(
      'Si un compte correspond à cette adresse',
    );
    const [[, init]] = resetCalls(fetchMock) as [[string, RequestInit]];
    expect(JSON.parse(String(init.body))).toEqual({ Ask: { email: 'marie@example.org' } });
    expect(screen.getByRole('link', { name: 'Aller à la connexion maintenant' }).getAttribute('href')).toBe(
      '/login',
    );
    await act(() => vi.advanceTimersByTimeAsync(4000));
    expect(router.state.location.pathname).toBe('/askreset');
    await act(() => vi.advanceTimersByTimeAsync(1000));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('says so when the server cannot be reached', async () => {
    stubFetch(offline);
    renderApp('/askreset');
    await ask('marie@example.org');
    expect((await screen.findByRole('alert')).textContent).toContain('Impossible de joindre le serveur');
  });

  it('links back to /login', async () => {
    stubFetch(() => json(200, { ok: true }));
    renderApp('/askreset');
    expect((await screen.findByRole('link', { name: 'Retour à la connexion' })).getAttribute('href')).toBe(
      '/login',
    );
  });
});
