import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { setCachedUser, setToken } from '../../../../src/data/core/session-storage';
import { restoreSession } from '../../../../src/state/session';
import { renderApp } from '../../app/render-app';
import { json, stubFetch, USER } from '../../fake-api';

beforeEach(() => {
  restoreSession();
  stubFetch(() => json(200, { key: 'slogan', value: 'Allez !' }));
});

describe('the news page', () => {
  it('shows a visitor a sign-in button instead of the menu', async () => {
    renderApp('/news');
    expect(await screen.findByRole('heading', { name: 'Actualités' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Se connecter' }).getAttribute('href')).toBe('/login');
    expect(screen.queryByRole('navigation', { name: 'Navigation principale' })).toBeNull();
  });

  it('keeps the header and the menu for a signed-in member', async () => {
    setToken('tok');
    setCachedUser(USER);
    restoreSession();
    renderApp('/news');
    expect(await screen.findByRole('heading', { name: 'Actualités' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Navigation principale' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Mon profil' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Se connecter' })).toBeNull();
  });
});
