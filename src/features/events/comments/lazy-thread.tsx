import type { EventDto } from '@common/contract/event';
import type { User } from '@common/contract/user';
import { lazy, Suspense } from 'react';
import { loadLaterTexts } from '../../../i18n/later-texts';

/**
 * The event's thread is its own chunk, with its texts (the later catalogue) and its data module, fetched when
 * a sheet first opens: the week's first paint carries none of it (docs/architecture.md#what-the-first-paint-loads).
 */
const CommentThread = lazy(() =>
  Promise.all([import('./comment-thread'), loadLaterTexts()]).then(([m]) => ({ default: m.CommentThread })),
);

/** `className`: the sheet's spacing around the thread. */
export function LazyCommentThread({
  event,
  user,
  className,
}: {
  event: EventDto;
  user: User;
  className?: string;
}) {
  return (
    <Suspense fallback={null}>
      <CommentThread event={event} user={user} className={className} />
    </Suspense>
  );
}
