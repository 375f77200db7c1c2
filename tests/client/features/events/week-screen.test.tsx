import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import i18n from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setCachedUser, setToken } from '../../../../src/data/core/session-storage';
import { stopSync } from '../../../../src/data/core/sync';
import { restoreSession } from '../../../../src/state/session';
import { renderApp } from '../../app/render-app';
import { json, stubFetch, USER } from '../../fake-api';
import { stubModalDialogs } from '../../modal-dialogs';

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
  // The next test starts with no cached week and a new sync engine (its reads' times are this test's clock).
  await stopSync();
});

describe('the home screen, on a week without events', () => {
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

const at = (day: string, time: string) => new Date(`${day}T${time}:00+01:00`).toISOString();
const eventOn = (uuid: string, start: string, cancelled = false) => ({
  uuid_event: uuid,
  uuid_model_event: 'm',
  model_name: `Sortie ${uuid.slice(0, 4)}`,
  model_description: '',
  creator: { id: 'c0b7f3c4-8a51-4a4b-9a2e-3f1f7c9d2e10', first_name: null, last_name: null },
  start_date: start,
  end_date: new Date(new Date(start).getTime() + 3_600_000).toISOString(),
  street: null,
  city: null,
  zip_code: null,
  location: '',
  max_subscribers: 5,
  subcribers_count: 0,
  subscriber_is_infinite: false,
  is_cancelled: cancelled,
  stuffs_available: [],
  subscribers_with_stuff: [],
  waiting_list: [],
  invite_list: [],
  uuid_series: null,
});

describe('the week at a glance', () => {
  it('heads each day with its date, groups its events under it, and says a cancelled one is cancelled only', async () => {
    stubFetch((url) => {
      if (url === '/api/user/me') return json(200, USER);
      if (url.startsWith('/api/event/from/2033-02-28'))
        return json(200, [
          eventOn('aaaa0000-0000-4000-8000-000000000001', at('2033-03-08', '10:00')),
          eventOn('bbbb0000-0000-4000-8000-000000000002', at('2033-03-08', '18:00'), true),
          eventOn('cccc0000-0000-4000-8000-000000000003', at('2033-03-10', '09:00')),
        ]);
      if (url === '/api/internal/settings/start')
        return json(200, { timezone: 'Europe/Paris', slogan: 'x', logo: '' });
      return json(200, []);
    });
    renderApp('/?week=2033-03-09');
    const tuesday = await screen.findByRole('heading', { level: 2, name: 'mardi 8 mars' }, { timeout: 5000 });
    expect(screen.getByRole('heading', { level: 2, name: 'jeudi 10 mars' })).toBeTruthy();
    const tuesdayList = tuesday.nextElementSibling as HTMLElement;
    // The server's answer, not a week another test left in the cache.
    await waitFor(() => expect(tuesdayList.querySelectorAll('[data-testid="event-row"]')).toHaveLength(2));
    const cancelled = tuesdayList.querySelectorAll('[data-testid="event-row"]')[1] as HTMLElement;
    expect(cancelled.textContent).toContain('Annulé');
    expect(cancelled.textContent).not.toContain('Places disponibles');
    // Another week than the current one: one tap goes back.
    expect(screen.getByRole('button', { name: BACK })).toBeTruthy();
  }, 15_000);

  it("marks today's heading « Aujourd'hui », in words, and only today's", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2033-03-08T11:00:00Z'));
    try {
      stubFetch((url) => {
        if (url === '/api/user/me') return json(200, USER);
        // The week read with its neighbours, as the app asks: Monday 7 March's week starts the read a week before.
        if (url.startsWith('/api/event/from/2033-02-28'))
          return json(200, [
            eventOn('aaaa0000-0000-4000-8000-000000000001', at('2033-03-08', '18:00')),
            eventOn('cccc0000-0000-4000-8000-000000000003', at('2033-03-10', '09:00')),
          ]);
        if (url === '/api/internal/settings/start')
          return json(200, { timezone: 'Europe/Paris', slogan: 'x', logo: '' });
        return json(200, []);
      });
      renderApp('/');
      const today = await screen.findByRole('heading', { level: 2, name: /^mardi 8 mars/ });
      expect(today.textContent).toContain("Aujourd'hui");
      // This test's week, not the one the test before left in the cache (two events that Tuesday).
      const todayList = today.nextElementSibling as HTMLElement;
      await waitFor(() => expect(todayList.querySelectorAll('[data-testid="event-row"]')).toHaveLength(1));
      expect(screen.getByRole('heading', { level: 2, name: /^jeudi 10 mars/ }).textContent).not.toContain(
        "Aujourd'hui",
      );
      // The current week: nothing to go back to.
      expect(screen.queryByRole('button', { name: BACK })).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  }, 15_000);
});

describe("an event's sheet", () => {
  stubModalDialogs();
  it('opened online, reads the event again: the count the member decides on is the server’s, not the week’s', async () => {
    const uuid = 'dddd0000-0000-4000-8000-000000000004';
    const listed = {
      ...eventOn(uuid, at('2033-03-08', '10:00')),
      model_name: 'Sortie fraîche',
      subcribers_count: 1,
    };
    const fetchMock = stubFetch((url) => {
      if (url === '/api/user/me') return json(200, USER);
      if (url.startsWith('/api/event/from/2033-02-28')) return json(200, [listed]);
      // Three more members subscribed since the week was read.
      if (url === `/api/event/${uuid}`) return json(200, { ...listed, subcribers_count: 4 });
      if (url === '/api/internal/settings/start')
        return json(200, { timezone: 'Europe/Paris', slogan: 'x', logo: '' });
      return json(200, []);
    });
    renderApp('/?week=2033-03-09');
    const row = await screen.findByText('1/5', {}, { timeout: 5000 });
    const sheetCalls = () => fetchMock.mock.calls.filter(([url]) => url === `/api/event/${uuid}`).length;
    expect(sheetCalls()).toBe(0);
    const open = (row.closest('[data-testid="event-row"]') as HTMLElement).querySelector(
      'button[aria-haspopup="dialog"]',
    ) as HTMLButtonElement;
    fireEvent.click(open);
    const dialog = await screen.findByRole('dialog', { name: 'Sortie fraîche' });
    await waitFor(() =>
      expect(dialog.querySelector('[data-testid="registration-count"]')?.textContent).toBe('4/5'),
    );
    expect(sheetCalls()).toBe(1);
  }, 15_000);
});
