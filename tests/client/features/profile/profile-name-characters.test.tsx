import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useConnectivityStore } from '../../../../src/data/core/connectivity';
import { setCachedUser, setToken } from '../../../../src/data/core/session-storage';
import { restoreSession } from '../../../../src/state/session';
import { useToastStore } from '../../../../src/state/toast-store';
import { renderApp } from '../../app/render-app';
import { json, stubFetch, USER } from '../../fake-api';

// A name refuses C1 controls and bidirectional overrides (docs/rules.md#limits): the form parses with the
// shared schema, so it refuses one before sending and says what is wrong with the name.
function serve() {
  return stubFetch((url) => {
    if (url === '/api/user/me') return json(200, USER);
    if (url.startsWith('/api/user/profile/update/')) return json(200, { ...USER, first_name: 'نادية' });
    if (url.startsWith('/api/user/preference/')) return json(200, []);
    return json(200, { key: 'slogan', value: 'x' });
  });
}

beforeEach(() => {
  setToken('tok');
  setCachedUser(USER);
  restoreSession();
  useToastStore.setState({ toasts: [] });
  useConnectivityStore.setState({ isOnline: true });
});

const sentProfile = (fetchMock: ReturnType<typeof serve>) =>
  fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/user/profile/update/'));

describe('the profile form, with a name holding an invisible formatting character', () => {
  it.each([
    ['Prénom', 'first_name', 'Zoé\u202Elanruoj'],
    ['Nom', 'last_name', 'Morvan\u0085'],
  ])('%s: says so under the field and sends nothing', async (label, field, value) => {
    const fetchMock = serve();
    renderApp('/my-profile');
    const input = await screen.findByLabelText(label);
    fireEvent.change(input, { target: { value } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    const alert = await screen.findByRole('alert');
    expect(alert.id).toBe(`${field}-error`);
    expect(alert.textContent).toContain('caractère invisible');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(sentProfile(fetchMock)).toBe(false);
  });

  it('takes a right-to-left name written without formatting characters', async () => {
    const fetchMock = serve();
    renderApp('/my-profile');
    fireEvent.change(await screen.findByLabelText('Prénom'), { target: { value: 'نادية' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(sentProfile(fetchMock)).toBe(true));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
