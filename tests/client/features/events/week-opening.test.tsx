import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import i18n from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setCachedUser, setToken } from '../../../../src/data/core/session-storage';
import { stopSync } from '../../../../src/data/core/sync';
import { openingDay } from '../../../../src/features/events/week-scroll';
import { restoreSession } from '../../../../src/state/session';
import { renderApp } from '../../app/render-app';
import { json, stubFetch, USER } from '../../fake-api';

describe('the day a week opens at', () => {
  const days = ['2033-03-08', '2033-03-09', '2033-03-11'];
  it("is the current week's today, or the next day with events when today has none", () => {
    expect(openingDay(days, '2033-03-09', true)).toBe('2033-03-09');
    expect(openingDay(days, '2033-03-10', true)).toBe('2033-03-11');
  });
  it('is none for another week, when today is the first day shown, or when every day shown is past', () => {
    expect(openingDay(days, '2033-03-09', false)).toBeNull();
    expect(openingDay(days, '2033-03-07', true)).toBeNull();
    expect(openingDay(days, '2033-03-08', true)).toBeNull();
    expect(openingDay(days, '2033-03-12', true)).toBeNull();
  });
});

const at = (day: string, time: string) => new Date(`${day}T${time}:00+01:00`).toISOString();
const eventOn = (uuid: string, start: string) => ({
  uuid_event: uuid,
  uuid_model_event: 'm',
  model_name: `Sortie ${uuid.slice(0, 4)}`,
  model_description: '',
  notes: 'Rendez-vous au club à 9 h, prévoir un change complet et de quoi manger pour midi.',
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
  is_cancelled: false,
  stuffs_available: [],
  subscribers_with_stuff: [],
  waiting_list: [],
  invite_list: [],
  uuid_series: null,
});

const scrolled: Element[] = [];
beforeEach(() => {
  scrolled.length = 0;
  // jsdom lays nothing out and has no scrollIntoView: record which heading the page was brought to.
  Element.prototype.scrollIntoView = function scrollIntoView(this: Element) {
    scrolled.push(this);
  };
  vi.useFakeTimers({ toFake: ['Date'] });
  // Wednesday 9 March 2033, noon in Paris.
  vi.setSystemTime(new Date('2033-03-09T11:00:00Z'));
  setToken('tok');
  setCachedUser(USER);
  restoreSession();
  stubFetch((url) => {
    if (url === '/api/user/me') return json(200, USER);
    // Every read answers the same events; the screen shows those of its week.
    if (url.startsWith('/api/event/from/'))
      return json(200, [
        eventOn('aaaa0000-0000-4000-8000-000000000001', at('2033-03-07', '18:00')),
        eventOn('bbbb0000-0000-4000-8000-000000000002', at('2033-03-09', '18:00')),
        eventOn('cccc0000-0000-4000-8000-000000000003', at('2033-03-10', '09:00')),
        eventOn('dddd0000-0000-4000-8000-000000000004', at('2033-03-15', '09:00')),
      ]);
    if (url === '/api/internal/settings/start')
      return json(200, { timezone: 'Europe/Paris', slogan: 'x', logo: '' });
    return json(200, []);
  });
});
afterEach(async () => {
  vi.useRealTimers();
  await act(() => i18n.changeLanguage('fr'));
  await stopSync();
});

describe('the week screen', () => {
  it("opens the current week at today's heading, once, however often the data repaints", async () => {
    renderApp('/');
    const today = await screen.findByRole(
      'heading',
      { level: 2, name: /^mercredi 9 mars/ },
      { timeout: 5000 },
    );
    await waitFor(() => expect(scrolled).toEqual([today]));
    // The day before stays above, a scroll up away.
    expect(screen.getByRole('heading', { level: 2, name: /^lundi 7 mars/ })).toBeTruthy();
    // The server's answer repaints the rows: the page is not moved again.
    await waitFor(() => expect(screen.getAllByTestId('event-row')).toHaveLength(3));
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(scrolled).toHaveLength(1);
  }, 15_000);

  it('opens another week at its top, and the current week at today again when it is opened anew', async () => {
    renderApp('/');
    await screen.findByRole('heading', { level: 2, name: /^mercredi 9 mars/ }, { timeout: 5000 });
    await waitFor(() => expect(scrolled).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: 'Semaine suivante' }));
    await screen.findByRole('heading', { level: 2, name: /^mardi 15 mars/ }, { timeout: 5000 });
    expect(scrolled).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Revenir à la semaine courante' }));
    const today = await screen.findByRole(
      'heading',
      { level: 2, name: /^mercredi 9 mars/ },
      { timeout: 5000 },
    );
    await waitFor(() => expect(scrolled).toEqual([today, today]));
  }, 15_000);

  it("shows the organiser's notes on each card (clamped by the stylesheet, never hidden)", async () => {
    renderApp('/');
    await waitFor(() => expect(screen.getAllByTestId('event-row')).toHaveLength(3), { timeout: 5000 });
    expect(
      screen.getAllByText(
        'Rendez-vous au club à 9 h, prévoir un change complet et de quoi manger pour midi.',
      ),
    ).toHaveLength(3);
  }, 15_000);
});
