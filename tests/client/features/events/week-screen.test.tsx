import { act, fireEvent, screen } from '@testing-library/react';
import i18n from 'i18next';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setCachedUser, setToken } from '../../../../src/data/core/session-storage';
import { restoreSession } from '../../../../src/state/session';
import { renderApp } from '../../app/render-app';
import { json, stubFetch, USER } from '../../fake-api';

const BACK = 'Revenir à la semaine courante';

beforeEach(() => {
  setToken('tok');
  setCachedUser(USER);
  restoreSession();
  // Nothing cached, and the server lists no event in any week.
  stubFetch((url) => {
    if (url === '/api/user/me') return json(200, USER);
    if (url.startsWith('/api/event/from/')) return json(200, []);
    if (url === '/api/internal/settings/start')
      return json(200, { timezone: 'Europe/Paris', slogan: 'x', logo: '' });
    return json(200, []);
  });
});
afterEach(async () => {
  await act(() => i18n.changeLanguage('fr'));
});

describe('the home screen, on a week without events (product-spec §2)', () => {
  it('says so, names the period, and leads back to the current week, where the button goes', async () => {
    renderApp('/?week=2031-03-05');
    expect(await screen.findByText('Aucun événement trouvé.')).toBeTruthy();
    expect(screen.getByText('du lun. 03/03/31 au dim. 09/03/31')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: BACK }));
    expect(await screen.findByText('Aucun événement trouvé.')).toBeTruthy();
    expect(screen.queryByText('du lun. 03/03/31 au dim. 09/03/31')).toBeNull();
    expect(screen.queryByRole('button', { name: BACK })).toBeNull();
  });

  it('names the period in English too', async () => {
    await act(() => i18n.changeLanguage('en'));
    renderApp('/?week=2031-03-03');
    expect(await screen.findByText('from Mon 03/03/31 to Sun 09/03/31')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Back to the current week' })).toBeTruthy();
  });
});
