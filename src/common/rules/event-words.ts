import type { EventDto } from '@common/contract/event';

/** An event's own title stands before its model's name, wherever the event is named. */
export const eventTitle = (event: Pick<EventDto, 'title' | 'model_name'>): string =>
  event.title || event.model_name;

/** …and its own notes before the model's description. */
export const eventNotes = (event: Pick<EventDto, 'notes' | 'model_description'>): string =>
  event.notes || event.model_description;
