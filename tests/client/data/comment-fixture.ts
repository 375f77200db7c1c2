import type { Comment } from '@common/contract/comments';
import { EVENT_UUID } from './event-fixture';

/** A comment in the fixture event's thread, as the server answers it (docs/rules.md#talking-around-an-event). */
export function commentOf(overrides: Partial<Comment> = {}): Comment {
  return {
    id: '77777777-7777-4777-8777-777777777777',
    uuid_event: EVENT_UUID,
    text: 'On part à 9 h du club.',
    author: {
      id: '88888888-8888-4888-8888-888888888888',
      first_name: 'Gwen',
      last_name: 'Le Goff',
      thumbnail: null,
    },
    created_at: '2026-11-30T18:00:00.000Z',
    edited_at: null,
    ...overrides,
  };
}
