import type { EventDto } from '@common/contract/event';
import { LIMITS } from '@common/contract/limits';
import type { User } from '@common/contract/user';
import { clubDayOf } from '@common/rules/club-time';
import { isThreadOpen } from '@common/rules/comments';
import { isMinorOn } from '@common/rules/family';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ThreadEntry, type ThreadRead, useEventComments } from '../../../data/comments';
import { type FamilyChild, useChildren } from '../../../data/family';
import { useClubTimeZone } from '../../../data/settings';
import { useIsOnline } from '../../../data/sync-status';
import { CommentForm, type Writer } from './comment-form';
import { CommentItem, QueuedItem } from './comment-item';
import { fullName } from './comment-words';
import styles from './comments.module.css';

/**
 * The children the user may write for today (docs/rules.md#families): the family read lists only those the
 * user guards unrestricted, and a guardian writes for a child while a minor on the club day, as the server
 * checks it. (Not `mayActFor` itself: this chunk would pull it into the week's first download.)
 */
function writersFor(children: FamilyChild[], today: string): Writer[] {
  return children
    .filter((child) => isMinorOn(child.birth_date ?? null, today))
    .map((child) => ({ id: child.id, name: fullName(child) || child.username }));
}

/** What an empty thread says, by where its read stands: an empty cache is not yet « no messages ». */
const EMPTY_TEXT: Record<ThreadRead, string> = {
  reading: 'comments.loading',
  read: 'comments.empty',
  failed: 'comments.read_failed',
  offline: 'comments.read_offline',
};

/** What the thread says above its messages: loading, none yet, or why they may be out of date. */
function stateText(entries: ThreadEntry[] | undefined, read: ThreadRead): string | null {
  if (entries === undefined) return 'comments.loading';
  if (entries.length === 0) return EMPTY_TEXT[read];
  if (read === 'offline') return 'comments.cached_offline';
  return read === 'failed' ? 'comments.cached_failed' : null;
}

/**
 * The discussion under an event (docs/rules.md#talking-around-an-event), at the bottom of its sheet: the
 * messages oldest first, the newest at the bottom above the form, as in any chat. Read from the cache, so a
 * cached event's thread reads offline; written through the outbox, so a message waits there for the network.
 * Seven days after the event's end the thread closes: no form any more, a line saying so.
 */
export function CommentThread({
  event,
  user,
  className,
}: {
  event: EventDto;
  user: User;
  className?: string;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const isOnline = useIsOnline();
  const timeZone = useClubTimeZone();
  const children = useChildren(user.id);
  const { entries, read } = useEventComments(event.uuid_event, user.id);
  const now = new Date();
  const isOpen = isThreadOpen(event.end_date, now);
  const minors = writersFor(children, clubDayOf(now, timeZone ?? 'Europe/Paris'));
  const childName = (id: string | null) => {
    const child = id ? children.find((c) => c.id === id) : undefined;
    return child ? fullName(child) || child.username : null;
  };
  const state = stateText(entries, read);
  // Opened from a mail's or a push's « Voir la discussion » (`#comments`): the thread comes into view once its
  // messages are there (the dialog has put its focus on « Fermer » by then), newest at the bottom.
  const sectionRef = useRef<HTMLElement>(null);
  const hasShown = useRef(false);
  const isThere = entries !== undefined;
  useEffect(() => {
    if (!isThere || hasShown.current || window.location.hash !== '#comments') return;
    hasShown.current = true;
    sectionRef.current?.scrollIntoView?.({ block: 'end' });
  }, [isThere]);
  // The newest messages when the sheet opens, as a chat shows them, the earlier ones a tap away: a long thread
  // (a season's trip has hundreds) then opens about as fast as a short one, on the phone that draws it.
  const [showsAll, setShowsAll] = useState(false);
  const earlier = entries && !showsAll ? Math.max(0, entries.length - LIMITS.commentsShownAtOpen) : 0;
  const shown = entries?.slice(earlier);

  return (
    <section
      ref={sectionRef}
      id="comments"
      className={`${styles.thread}${className ? ` ${className}` : ''}`}
      aria-labelledby={headingId}
    >
      <h3 id={headingId}>{t('comments.title')}</h3>
      <p className={styles.hint} role="status">
        {state ? t(state) : ''}
      </p>
      {earlier > 0 && (
        <button type="button" className="button" onClick={() => setShowsAll(true)}>
          {t('comments.show_earlier', { count: earlier })}
        </button>
      )}
      {shown && shown.length > 0 && (
        <ol className={styles.list}>
          {shown.map((entry) =>
            entry.kind === 'comment' ? (
              <CommentItem
                key={entry.comment.id}
                comment={entry.comment}
                event={event}
                user={user}
                isOnline={isOnline}
                isThreadOpen={isOpen}
              />
            ) : (
              <QueuedItem
                key={`queued-${entry.queued.outboxId}`}
                queued={entry.queued}
                user={user}
                childName={childName(entry.queued.actingFor)}
              />
            ),
          )}
        </ol>
      )}
      {isOpen ? (
        <CommentForm event={event} user={user} minors={minors} />
      ) : (
        <p className={styles.closed}>{t('comments.closed')}</p>
      )}
    </section>
  );
}
