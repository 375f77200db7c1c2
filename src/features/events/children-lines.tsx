import { isMinorOn } from '@common/rules/family';
import { lazy, Suspense } from 'react';
import { type FamilyChild, useChildren } from '../../data/family';
import { loadLaterTexts } from '../../i18n/later-texts';

/** The lines and their texts are one chunk, fetched the first time a card has children to show. */
const ChildrenAnswers = lazy(() =>
  Promise.all([import('./children-answers'), loadLaterTexts()]).then(([m]) => ({
    default: m.ChildrenAnswers,
  })),
);

/**
 * The minors a guardian answers for on `today`, the club's day (docs/rules.md#families): from a child's 18th
 * birthday the server refuses a guardian, so the cards offer nothing for them. Read once for the whole week.
 */
export function useGuardedChildren(userId: string, today: string): FamilyChild[] {
  return useChildren(userId).filter((child) => isMinorOn(child.birth_date ?? null, today));
}

/** The lines' own props: the event, the user, whether it is closed, and the children in `guarded`. */
type LinesProps = Parameters<typeof import('./children-answers').ChildrenAnswers>[0];

/** A guardian's lines on an event card: one per child in `guarded` (useGuardedChildren); nothing without. */
export function ChildrenLines(props: LinesProps) {
  if (props.guarded.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <ChildrenAnswers {...props} />
    </Suspense>
  );
}
