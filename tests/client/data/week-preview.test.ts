import type { EventDto } from '@common/contract/event';
import { act, render, screen } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetEarlyReads } from '../../../src/data/core/early-read-store';
import { setCachedUser, setToken } from '../../../src/data/core/session-storage';
import { looksLikeEvents } from '../../../src/data/core/week-preview';
import { json, stubFetch, USER } from '../fake-api';
import { cachedEvent } from './event-fixture';

const ZONE = 'Europe/Paris';

/** The modules a new page load evaluates. */
async function freshPage() {
  vi.resetModules();
  const pageStart = await import('../../../src/data/page-start');
  const events = await import('../../../src/data/events');
  const preview = await import('../../../src/data/core/week-preview');
  const onScreen = await import('../../../src/data/core/week-on-screen');
  const earlyReads = await import('../../../src/data/core/early-reads');
  const { appDb } = await import('../../../src/data/core/db');
  const clubTime = await import('@common/rules/club-time');
  return { ...pageStart, ...events, ...preview, ...onScreen, ...earlyReads, appDb, ...clubTime };
}

function WeekNames(props: {
  useWeekEvents: (monday: string, zone: string) => EventDto[] | undefined;
  monday: string;
}) {
  const events = props.useWeekEvents(props.monday, ZONE);
  return createElement('p', null, events ? events.map((e) => e.model_name).join(', ') || 'empty' : 'loading');
}

const settlesWithin = (promise: Promise<unknown>, ms: number) =>
  Promise.race([promise.then(() => true), new Promise<boolean>((done) => setTimeout(() => done(false), ms))]);

/** An event of the current club week (Wednesday 18:00), named. */
async function thisWeeksEvent(name: string, uuid: string) {
  const { currentWeek, clubDateTime, shiftDay } = await import('@common/rules/club-time');
  const monday = currentWeek(ZONE);
  const start = clubDateTime(shiftDay(monday, 2), '18:00', ZONE).toISOString();
  return {
    monday,
    event: cachedEvent({ uuid_event: uuid, model_name: name, start_date: start, end_date: start }),
  };
}

const WEEK_PATH = /^\/api\/event\/from\//;

/** A first visit whose early week read answers `event`, the week's names rendered and the preview shown. */
async function pageShowingPreview(event: EventDto, monday: string) {
  stubFetch((url) => (WEEK_PATH.test(url) ? json(200, [event]) : new Promise(() => undefined)));
  const page = await freshPage();
  page.startPageReads({ pathname: '/', search: '' }, 'fr');
  render(createElement(WeekNames, { useWeekEvents: page.useWeekEvents, monday }));
  expect(await screen.findByText('Aviron')).toBeTruthy();
  return page;
}

beforeEach(() => {
  forgetEarlyReads();
  setToken('tok');
  setCachedUser(USER);
});

afterEach(async () => {
  vi.useRealTimers();
  forgetEarlyReads();
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  const { appDb } = await freshPage();
  await appDb().delete();
});

describe('a first visit of the week, nothing cached', () => {
  it('shows the early answer as it came, and the engine still takes the same answer whole', async () => {
    const { monday, event } = await thisWeeksEvent('Aviron', '11111111-1111-4111-8111-000000000001');
    const page = await pageShowingPreview(event, monday);

    // The original answer is left for the engine's read, its body unread.
    const { from, to } = page.weekReadRange(page.askedWeek(null, 'UTC'));
    const early = page.takeEarlyRead(`/api/event/from/${from}/to/${to}`, 'tok');
    expect(early).toBeDefined();
    expect(await (await (early as Promise<Response>)).json()).toEqual([event]);
  });

  it('fetches the parsing code only once the week is on screen', async () => {
    const { event } = await thisWeeksEvent('Aviron', '11111111-1111-4111-8111-000000000002');
    stubFetch((url) => (WEEK_PATH.test(url) ? json(200, [event]) : new Promise(() => undefined)));
    const page = await freshPage();
    page.startPageReads({ pathname: '/', search: '' }, 'fr');
    await vi.waitFor(() => expect(page.weekPreview()).toHaveLength(1));
    expect(await settlesWithin(page.parsersMayLoad(), 50)).toBe(false);
    page.markWeekShown();
    expect(await settlesWithin(page.parsersMayLoad(), 2_000)).toBe(true);
  });

  it.each([
    ['the read fails', () => json(500, { error: 'boom' })],
    ['the answer is not a list of events', () => json(200, [{ uuid_event: 'x' }])],
  ])('fetches the parsing code at once when %s, and shows no preview', async (_case, answer) => {
    stubFetch((url) => (WEEK_PATH.test(url) ? answer() : new Promise(() => undefined)));
    const page = await freshPage();
    page.startPageReads({ pathname: '/', search: '' }, 'fr');
    expect(await settlesWithin(page.parsersMayLoad(), 1_000)).toBe(true);
    expect(page.weekPreview()).toBeUndefined();
  });

  it('fetches the parsing code after 4 s at most when the week never shows', async () => {
    stubFetch(() => new Promise(() => undefined));
    const page = await freshPage();
    vi.useFakeTimers();
    page.startPageReads({ pathname: '/', search: '' }, 'fr');
    let due = false;
    void page.parsersMayLoad().then(() => {
      due = true;
    });
    await vi.advanceTimersByTimeAsync(3_999);
    expect(due).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(due).toBe(true);
  });

  it('gives way to the cache once the engine stored the week, and is forgotten', async () => {
    const { monday, event } = await thisWeeksEvent('Aviron', '11111111-1111-4111-8111-000000000003');
    const page = await pageShowingPreview(event, monday);

    // The engine's store: the week read (another answer by then: the event renamed), in one transaction.
    await act(async () => {
      const db = page.appDb();
      await db.transaction('rw', db.events, db.readWeeks, async () => {
        await db.events.put({ ...event, model_name: 'Aviron de mer' });
        await db.readWeeks.put({ monday, readAt: Date.now() });
      });
    });
    expect(await screen.findByText('Aviron de mer')).toBeTruthy();
    await vi.waitFor(() => expect(page.weekPreview()).toBeUndefined());
  });

  it('an empty week stored is empty, whatever the preview held', async () => {
    const { monday, event } = await thisWeeksEvent('Aviron', '11111111-1111-4111-8111-000000000004');
    const page = await pageShowingPreview(event, monday);
    await act(async () => {
      await page.appDb().readWeeks.put({ monday, readAt: Date.now() });
    });
    expect(await screen.findByText('empty')).toBeTruthy();
  });
});

describe('what a preview shows', () => {
  it('a list of events with their times, words and lists', () => {
    expect(looksLikeEvents([cachedEvent()])).toBe(true);
    expect(looksLikeEvents([])).toBe(true);
  });

  it.each([
    ['not a list', { events: [] }],
    ['an event without its words', [{ ...cachedEvent(), model_name: undefined }]],
    ['an event with a time that is no date', [cachedEvent({ start_date: 'soon' })]],
    ['an event without its subscribers', [{ ...cachedEvent(), subscribers_with_stuff: null }]],
    ['something else in the list', [cachedEvent(), 'x']],
  ])('nothing for %s', (_case, value) => {
    expect(looksLikeEvents(value)).toBe(false);
  });
});

describe("what decorates the page waits for the week's first screen", () => {
  it('the week: held until its events are shown and painted', async () => {
    stubFetch(() => new Promise(() => undefined));
    const page = await freshPage();
    page.startPageReads({ pathname: '/', search: '' }, 'fr');
    expect(await settlesWithin(page.whenFirstScreenShown(), 50)).toBe(false);
    page.markWeekShown();
    expect(await settlesWithin(page.whenFirstScreenShown(), 2_000)).toBe(true);
  });

  it('another page: at once', async () => {
    stubFetch(() => new Promise(() => undefined));
    const page = await freshPage();
    page.startPageReads({ pathname: '/my-profile', search: '' }, 'fr');
    expect(await settlesWithin(page.whenFirstScreenShown(), 0)).toBe(true);
  });
});
