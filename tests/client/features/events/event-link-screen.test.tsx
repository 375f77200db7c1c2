import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setCachedUser, setToken } from '../../../../src/data/core/session-storage';
import { restoreSession } from '../../../../src/state/session';
import { renderApp } from '../../app/render-app';
import { cachedEvent, EVENT_UUID } from '../../data/event-fixture';
import { json, offline, stubFetch, USER } from '../../fake-api';
import { stubModalDialogs } from '../../modal-dialogs';

// `/event/:uuid`: the link mails and pushes carry opens that event's sheet on its week.
const GONE = '99999999-9999-4999-8999-999999999999';
const START = { timezone: 'Europe/Paris', slogan: 'x', logo: '' };

beforeEach(() => {
  stubModalDialogs();
  setToken('tok');
  setCachedUser(USER);
  restoreSession();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the event link', () => {
  it("lands on the event's week with its sheet open; closing the sheet keeps the week", async () => {
    // The week before the event's: a link to the current week would need no `week=` at all.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-20T10:00:00Z'));
    stubFetch((url) => {
      if (url === '/api/user/me') return json(200, USER);
      if (url === '/api/internal/settings/start') return json(200, START);
      if (url === `/api/event/${EVENT_UUID}`) return json(200, cachedEvent());
      if (url.startsWith('/api/event/from/')) return json(200, [cachedEvent()]);
      return json(200, []);
    });
    const { router } = renderApp(`/event/${EVENT_UUID}`);
    // The sheet is its own chunk, loaded on first open.
    const sheet = await screen.findByRole('dialog', { name: 'Kayak' }, { timeout: 5000 });
    expect(router.state.location.pathname).toBe('/');
    expect(router.state.location.search).toBe(`?week=2026-11-30&event=${EVENT_UUID}`);
    fireEvent.click(within(sheet).getByRole('button', { name: 'Fermer' }));
    await waitFor(() => expect(router.state.location.search).toBe('?week=2026-11-30'));
    // The sheet's chunk may take its whole five seconds on a loaded machine.
  }, 15_000);

  it('says so when the server does not know the event, and leads back to the week', async () => {
    stubFetch((url) => {
      if (url === '/api/user/me') return json(200, USER);
      if (url === '/api/internal/settings/start') return json(200, START);
      if (url === `/api/event/${GONE}`) return json(404, { code: 'not_found', message: 'x', field: null });
      return json(200, []);
    });
    renderApp(`/event/${GONE}`);
    expect(await screen.findByRole('heading', { name: 'Évènement introuvable' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Voir la semaine' }).getAttribute('href')).toBe('/');
  });

  it('offline, with the event not on the device: says it will open once the network is back', async () => {
    stubFetch((url) => {
      if (url === '/api/user/me') return json(200, USER);
      if (url === '/api/internal/settings/start') return json(200, START);
      return offline();
    });
    renderApp(`/event/${GONE}`);
    expect(await screen.findByRole('heading', { name: 'Évènement indisponible hors ligne' })).toBeTruthy();
  });
});
