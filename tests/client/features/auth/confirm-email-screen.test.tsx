import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { restoreSession } from '../../../../src/state/session';
import { renderApp } from '../../app/render-app';
import { json, stubFetch } from '../../fake-api';

// The link mailed to a new address (docs/rules.md#accounts-and-sessions): opening it changes nothing, the
// button does; a used, expired or voided link says why and what to do.
beforeEach(restoreSession);

const submitButton = () => screen.getByRole('button', { name: 'Confirmer cette adresse' });

describe('/confirm-email/:token', () => {
  it('posts nothing on opening; the button confirms and says which address the account now has', async () => {
    const fetchMock = stubFetch((url) =>
      url === '/api/user/email/confirm/tok-123'
        ? json(200, { ok: true, email: 'new@example.org' })
        : json(404, { code: 'not_found' }),
    );
    renderApp('/confirm-email/tok-123');
    expect(await screen.findByRole('heading', { name: 'Confirmer votre nouvelle adresse' })).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/api/user/email/confirm'))).toBe(false);
    fireEvent.click(submitButton());
    const status = await screen.findByRole('status');
    expect(status.textContent).toContain('votre adresse est désormais new@example.org');
    const [, init] = fetchMock.mock.calls.find(([url]) => url === '/api/user/email/confirm/tok-123') ?? [];
    expect(init?.method).toBe('POST');
    expect(screen.queryByRole('button', { name: 'Confirmer cette adresse' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Aller à la connexion maintenant' }).getAttribute('href')).toBe(
      '/',
    );
  });

  it('a void link says so, and why, and leaves the button to try again', async () => {
    stubFetch((url) =>
      url === '/api/user/email/confirm/old'
        ? json(400, { code: 'token_invalid', message: 'invalid token' })
        : json(404, { code: 'not_found' }),
    );
    renderApp('/confirm-email/old');
    fireEvent.click(await screen.findByRole('button', { name: 'Confirmer cette adresse' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain("Ce lien n'est plus valide.");
    expect(alert.textContent).toContain('une demande plus récente');
    expect(submitButton()).toBeTruthy();
  });

  it('an address taken meanwhile is said in words', async () => {
    stubFetch((url) =>
      url === '/api/user/email/confirm/taken'
        ? json(409, { code: 'email_taken', message: 'taken', field: 'email' })
        : json(404, { code: 'not_found' }),
    );
    renderApp('/confirm-email/taken');
    fireEvent.click(await screen.findByRole('button', { name: 'Confirmer cette adresse' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Cette adresse email est déjà utilisée.',
    );
  });
});
