import type { EventDto } from '@common/contract/event';
import { render, screen } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setCachedUser, setToken } from '../../../src/data/core/session-storage';
import { stubFetch, USER } from '../fake-api';
import { cachedEvent } from './event-fixture';

const ZONE = 'Europe/Paris';

/** page-start and the modules it fills, as a new page load evaluates them. */
async function freshPage() {
  vi.resetModules();
  const pageStart = await import('../../../src/data/page-start');
  const events = await import('../../../src/data/events');
  const { appDb } = await import('../../../src/data/core/db');
  const { mirrorClubTimeZone } = await import('../../../src/data/core/club-time-zone-mirror');
  const clubTime = await import('@common/rules/club-time');
  return { ...pageStart, ...events, appDb, mirrorClubTimeZone, ...clubTime };
}

/** The names of a week's events, as the loaded module's hook gives them in this render. */
function WeekNames(props: {
  useWeekEvents: (monday: string, zone: string) => EventDto[] | undefined;
  monday: string;
}) {
  const events = props.useWeekEvents(props.monday, ZONE);
  return createElement('p', null, events ? events.map((e) => e.model_name).join(', ') : 'loading');
}

/** Resolved within `ms`, or not. */
const settlesWithin = (promise: Promise<unknown>, ms: number) =>
  Promise.race([promise.then(() => true), new Promise<boolean>((done) => setTimeout(() => done(false), ms))]);

afterEach(async () => {
  vi.useRealTimers();
  vi.doUnmock('../../../src/data/events');
  // The earlier page loads' connections are closed by the delete, which Dexie says on the console.
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  const { appDb } = await freshPage();
  await appDb().delete();
});

describe('a page load of the week with a cached week', () => {
  it('renders once the cached events are read, and the screen has them in its first render', async () => {
    stubFetch(() => new Promise(() => undefined)); // the network never answers (a venue without signal)
    setToken('tok');
    setCachedUser(USER);
    const seed = await freshPage();
    await seed.mirrorClubTimeZone(ZONE);
    const monday = seed.currentWeek(ZONE);
    const start = seed.clubDateTime(seed.shiftDay(monday, 2), '18:00', ZONE).toISOString();
    await seed.appDb().events.put(cachedEvent({ start_date: start, end_date: start, model_name: 'Aviron' }));

    const page = await freshPage();
    page.startPageReads({ pathname: '/', search: '' }, 'fr');
    expect(await settlesWithin(page.firstScreenReady(), 2_000)).toBe(true);
    render(createElement(WeekNames, { useWeekEvents: page.useWeekEvents, monday }));
    // Synchronously: no live query has answered yet.
    expect(screen.getByText('Aviron')).toBeTruthy();
  });

  it('waits 250 ms at most for a database that does not answer', async () => {
    stubFetch(() => new Promise(() => undefined));
    setToken('tok');
    localStorage.setItem('clubTimeZone', ZONE);
    vi.doMock('../../../src/data/events', () => ({ preReadWeek: () => new Promise(() => undefined) }));
    const page = await freshPage();
    vi.useFakeTimers();
    page.startPageReads({ pathname: '/', search: '' }, 'fr');
    let ready = false;
    void page.firstScreenReady().then(() => {
      ready = true;
    });
    await vi.advanceTimersByTimeAsync(249);
    expect(ready).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(ready).toBe(true);
  });
});

describe('a page load with nothing cached to wait for', () => {
  it.each([
    ['signed out', null, '/', ZONE],
    ['no zone kept yet (a first visit)', 'tok', '/', null],
    ['another page', 'tok', '/my-profile', ZONE],
  ])('renders at once: %s', async (_case, token, pathname, zone) => {
    stubFetch(() => new Promise(() => undefined));
    if (token) setToken(token);
    if (zone) localStorage.setItem('clubTimeZone', zone);
    const page = await freshPage();
    page.startPageReads({ pathname, search: '' }, 'fr');
    expect(await settlesWithin(page.firstScreenReady(), 0)).toBe(true);
  });
});
