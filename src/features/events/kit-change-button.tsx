import type { EventDto } from '@common/contract/event';
import type { User } from '@common/contract/user';
import { factsOf, standingOf } from '@common/rules/events';
import { mayChangeKit } from '@common/rules/kit';
import { lazy, Suspense, useState } from 'react';

/** The dialog is its own chunk, fetched on the first « Modifier mon matériel ». */
const KitChangeDialog = lazy(() =>
  import('./kit-change-dialog').then((m) => ({ default: m.KitChangeDialog })),
);

/**
 * « Modifier mon matériel », offered only while the rules allow it (docs/rules.md#kit): subscribed, the event
 * lending kit, not cancelled and not started. `user` is whose kit; `actor`, the guardian answering for them.
 */
export function KitChangeButton({
  event,
  user,
  actor = user,
  label,
  ariaLabel,
}: {
  event: EventDto;
  user: User;
  actor?: User;
  label: string;
  ariaLabel?: string;
}) {
  const [isOpen, setOpen] = useState(false);
  if (event.stuffs_available.length === 0) return null;
  if (!mayChangeKit(factsOf(event), standingOf(event, user.id), new Date()).ok) return null;
  return (
    <>
      <button
        type="button"
        className="button"
        aria-haspopup="dialog"
        aria-label={ariaLabel}
        onClick={() => setOpen(true)}
      >
        {label}
      </button>
      {isOpen && (
        <Suspense fallback={null}>
          <KitChangeDialog event={event} user={user} actor={actor} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
