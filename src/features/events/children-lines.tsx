import type { EventDto } from '@common/contract/event';
import type { User } from '@common/contract/user';
import { lazy, Suspense } from 'react';
import { useChildren } from '../../data/family';
import { loadLaterTexts } from '../../i18n/later-texts';

/** The lines and their texts are one chunk, fetched the first time a card has children to show. */
const ChildrenAnswers = lazy(() =>
  Promise.all([import('./children-answers'), loadLaterTexts()]).then(([m]) => ({
    default: m.ChildrenAnswers,
  })),
);

/** A guardian's lines on an event card (docs/rules.md#families); nothing for a member without children. */
export function ChildrenLines({ event, user, isClosed }: { event: EventDto; user: User; isClosed: boolean }) {
  const children = useChildren(user.id);
  if (children.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <ChildrenAnswers event={event} user={user} isClosed={isClosed} guarded={children} />
    </Suspense>
  );
}
