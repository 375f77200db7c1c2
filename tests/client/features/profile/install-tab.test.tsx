import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setCachedUser, setToken } from '../../../../src/data/core/session-storage';
import { restoreSession } from '../../../../src/state/session';
import { renderApp } from '../../app/render-app';
import { json, stubFetch, USER } from '../../fake-api';

beforeEach(() => {
  setToken('tok');
  setCachedUser(USER);
  restoreSession();
  vi.stubGlobal('matchMedia', () => ({ matches: false }));
  stubFetch((url) => (url === '/api/user/me' ? json(200, USER) : json(200, { key: 'slogan', value: 'x' })));
});

// The install help is the profile's own tab, not a sentence at the bottom of the preferences.
describe('the profile’s « Installer » tab', () => {
  it('shows the steps with pictures when chosen, and no longer sits in the preferences', async () => {
    renderApp('/my-profile');
    const tab = await screen.findByRole('tab', { name: 'Installer' });
    fireEvent.click(tab);
    const panel = screen.getByRole('tabpanel', { name: 'Installer' });
    // One install section in the profile, in this panel: none left under the preferences.
    expect(screen.getAllByTestId('install-section')).toEqual([within(panel).getByTestId('install-section')]);
    expect(within(panel).getByRole('heading', { name: "Installer l'application" })).toBeTruthy();
    expect(await within(panel).findByRole('group', { name: 'Étapes pour :' })).toBeTruthy();
    expect(within(panel).getAllByRole('img').length).toBe(3);
  });

  it('/my-profile?tab=install opens on it', async () => {
    renderApp('/my-profile?tab=install');
    const tab = await screen.findByRole('tab', { name: 'Installer' });
    expect(tab.getAttribute('aria-selected')).toBe('true');
  });
});
