import type { EventDto } from '@common/contract/event';
import type { User } from '@common/contract/user';
import { clubDayOf } from '@common/rules/club-time';
import { isMinorOn } from '@common/rules/family';
import { lazy, Suspense } from 'react';
import { useChildren } from '../../data/family';
import { useClubTimeZone } from '../../data/settings';
import { loadLaterTexts } from '../../i18n/later-texts';

/** The lines and their texts are one chunk, fetched the first time a card has children to show. */
const ChildrenAnswers = lazy(() =>
  Promise.all([import('./children-answers'), loadLaterTexts()]).then(([m]) => ({
    default: m.ChildrenAnswers,
  })),
);

/**
 * A guardian's lines on an event card (docs/rules.md#families): the minors they answer for (from a child's 18th
 * birthday the server refuses a guardian, so the card offers nothing for them); nothing without children.
 */
export function ChildrenLines({ event, user, isClosed }: { event: EventDto; user: User; isClosed: boolean }) {
  const timeZone = useClubTimeZone();
  const today = clubDayOf(new Date(), timeZone ?? 'Europe/Paris');
  const children = useChildren(user.id).filter((child) => isMinorOn(child.birth_date ?? null, today));
  if (children.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <ChildrenAnswers event={event} user={user} isClosed={isClosed} guarded={children} />
    </Suspense>
  );
}
