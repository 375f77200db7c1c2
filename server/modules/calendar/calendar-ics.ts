import type { Language } from '@common/contract/user';
import { addressLine } from '@common/rules/address';
import { clubDayOf, weekStart } from '@common/rules/club-time';
import ical, { ICalEventStatus } from 'ical-generator';
import { catalogueText } from '../../i18n/catalogue';
import type { FeedEventRow } from './calendar-feed.repository';

export interface FeedContext {
  publicUrl: string;
  clubTimezone: string;
  language: Language;
  /** DTSTAMP: when the feed was generated. */
  now: Date;
}

const text = (context: FeedContext, key: string, values?: Record<string, string>) =>
  catalogueText(context.language, 'calendar_feed', key, values);

/** The event's week in the app (`/?week=`): the week screen opens there and lists it. */
function eventLink(context: FeedContext, event: FeedEventRow): string {
  const monday = weekStart(clubDayOf(event.start_date, context.clubTimezone));
  return `${context.publicUrl}/?week=${monday}`;
}

function description(context: FeedContext, event: FeedEventRow): string {
  const lines = [
    event.is_waiting ? text(context, 'waiting_list_note') : null,
    text(context, 'event_link', { url: eventLink(context, event) }),
    event.location ? text(context, 'itinerary', { url: event.location }) : null,
  ];
  return lines.filter((line): line is string => line !== null).join('\n');
}

/**
 * The member's feed as iCalendar text. Times are written in UTC (`Z`) and the club's zone is named in
 * X-WR-TIMEZONE: ical-generator's own zone option would write wall-clock times in the server process's
 * zone, which need not be the club's. UIDs are the event's uuid at the app's host, so they never change;
 * SEQUENCE is the event's, raised by the database on every change shown here.
 */
export function renderFeed(context: FeedContext, events: FeedEventRow[]): string {
  const host = new URL(context.publicUrl).host;
  const calendar = ical({
    name: text(context, 'feed_name'),
    prodId: { company: 'Équipée', product: 'calendar-feed', language: context.language.toUpperCase() },
    // Calendar apps that honour it poll every hour; most choose their own pace anyway.
    ttl: 3600,
  });
  calendar.x([{ key: 'X-WR-TIMEZONE', value: context.clubTimezone }]);
  for (const event of events) {
    const summary = event.is_waiting
      ? `${event.model_name} ${text(context, 'waiting_list_mark')}`
      : event.model_name;
    calendar.createEvent({
      id: `${event.uuid}@${host}`,
      sequence: event.sequence,
      stamp: context.now,
      start: event.start_date,
      end: event.end_date,
      summary,
      location: addressLine(event),
      description: description(context, event),
      url: eventLink(context, event),
      status: event.is_cancelled
        ? ICalEventStatus.CANCELLED
        : event.is_waiting
          ? ICalEventStatus.TENTATIVE
          : ICalEventStatus.CONFIRMED,
    });
  }
  // RFC 5545 ends every content line with CRLF, the last one included; ical-generator leaves the last bare.
  const feed = calendar.toString();
  return feed.endsWith('\r\n') ? feed : `${feed}\r\n`;
}
