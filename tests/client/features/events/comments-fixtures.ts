import type { Comment } from '@common/contract/comments';
import type { EventDto } from '@common/contract/event';
import type { FamilyChild } from '@common/contract/family';
import { USER } from '../../fake-api';
import { SESSION_UUID, sessionOf } from './series-fixtures';

export const GWEN = '88888888-8888-4888-8888-888888888888';
export const LOU = '1a1c1b8e-1c1e-4f7a-9a55-2b5d0c1e9f01';
const CREATOR = 'c0b7f3c4-8a51-4a4b-9a2e-3f1f7c9d2e10';
const DAY = 86_400_000;

/** An event ending `endsInDays` from now (negative: ended that long ago), created by `creatorId`. */
export function threadEvent(endsInDays = 1, creatorId = CREATOR): EventDto {
  return sessionOf({
    uuidSeries: null,
    start: new Date(Date.now() + endsInDays * DAY - 2 * 3_600_000),
    minutes: 120,
    creatorId,
  });
}

let next = 0;
/** A comment of the event's thread, by Gwen Le Goff unless told otherwise. */
export function commentBy(overrides: Partial<Comment> = {}): Comment {
  next += 1;
  return {
    id: `77777777-7777-4777-8777-${String(next).padStart(12, '0')}`,
    uuid_event: SESSION_UUID,
    text: 'On part à 9 h du club.',
    author: { id: GWEN, first_name: 'Gwen', last_name: 'Le Goff', thumbnail: null },
    created_at: new Date(Date.now() - 3_600_000).toISOString(),
    edited_at: null,
    ...overrides,
  };
}

export const mine = (overrides: Partial<Comment> = {}): Comment =>
  commentBy({ author: { id: USER.id, first_name: 'Marie', last_name: null, thumbnail: null }, ...overrides });

export const childOf = (id: string, firstName: string, birthDate: string): FamilyChild => ({
  ...USER,
  id,
  username: `${firstName.toLowerCase()}.lebihan`,
  email: null,
  first_name: firstName,
  last_name: 'Le Bihan',
  birth_date: birthDate,
  guardians: [{ id: USER.id, first_name: USER.first_name, last_name: USER.last_name }],
});
