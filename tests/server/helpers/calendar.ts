import type { EventDto } from '@common/contract/event';
import ICAL from 'ical.js';
import { bearer, type TestContext } from './test-context';

export interface FeedEvent {
  uid: string;
  summary: string;
  start: Date;
  end: Date;
  /** Whether DTSTART was written in UTC (`Z`), as the feed promises. */
  isUtc: boolean;
  sequence: number;
  status: string | null;
  location: string | null;
  description: string;
}

export interface ParsedFeed {
  timezone: string | null;
  name: string | null;
  events: FeedEvent[];
}

/** The feed as a real iCalendar parser (ical.js) reads it: what a calendar app would see. */
export function parseFeed(text: string): ParsedFeed {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const events = calendar.getAllSubcomponents('vevent').map((component) => {
    const event = new ICAL.Event(component);
    return {
      uid: event.uid,
      summary: event.summary,
      start: event.startDate.toJSDate(),
      end: event.endDate.toJSDate(),
      isUtc: event.startDate.zone === ICAL.Timezone.utcTimezone,
      sequence: event.sequence,
      status: (component.getFirstPropertyValue('status') as string | null) ?? null,
      location: event.location ?? null,
      description: event.description ?? '',
    };
  });
  return {
    timezone: calendar.getFirstPropertyValue('x-wr-timezone') as string | null,
    name: calendar.getFirstPropertyValue('x-wr-calname') as string | null,
    events,
  };
}

/** Creates (or regenerates) the feed of `token`'s user; answers its URL's path and its full answer. */
export async function createFeed(ctx: TestContext, token: string) {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/user/calendar-feed',
    headers: bearer(token),
  });
  if (response.statusCode !== 200)
    throw new Error(`feed not created: ${response.statusCode} ${response.body}`);
  const answer = response.json<{ url: string; webcal_url: string; created_at: string }>();
  return { ...answer, path: new URL(answer.url).pathname };
}

/** GETs a feed path the way a calendar app does: no Authorization header. */
export const fetchFeed = (ctx: TestContext, path: string) => ctx.app.inject({ method: 'GET', url: path });

/** Saves an event again from its API answer with `changes` (an update, cancel or reactivate). */
export function saveEventWith(
  ctx: TestContext,
  token: string,
  e: Pick<
    EventDto,
    | 'uuid_event'
    | 'uuid_model_event'
    | 'start_date'
    | 'end_date'
    | 'street'
    | 'city'
    | 'zip_code'
    | 'location'
    | 'max_subscribers'
    | 'subscriber_is_infinite'
    | 'is_cancelled'
    | 'stuffs_available'
  >,
  changes: Record<string, unknown>,
) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/event/add-or-update',
    headers: bearer(token),
    payload: {
      uuid_event: e.uuid_event,
      uuid_model_event: e.uuid_model_event,
      start_date: e.start_date,
      end_date: e.end_date,
      ...(e.street ? { street: e.street } : {}),
      ...(e.city ? { city: e.city } : {}),
      ...(e.zip_code ? { zip_code: e.zip_code } : {}),
      ...(e.location ? { location: e.location } : {}),
      max_subscribers: e.max_subscribers,
      subscriber_is_infinite: e.subscriber_is_infinite,
      is_cancelled: e.is_cancelled,
      stuffs_available: e.stuffs_available.map((s) => ({ uuid: s.uuid })),
      ...changes,
    },
  });
}
