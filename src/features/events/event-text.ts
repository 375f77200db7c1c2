import type { EventDto } from '@common/contract/event';

export const countText = (event: EventDto): string =>
  `${event.subcribers_count}/${event.subscriber_is_infinite ? '∞' : event.max_subscribers}`;

export const organiserName = (event: EventDto): string =>
  [event.creator.first_name, event.creator.last_name].filter(Boolean).join(' ');
