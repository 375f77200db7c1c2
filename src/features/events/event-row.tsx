import type { EventDto } from '@common/contract/event';
import type { User } from '@common/contract/user';
import { mayTakeAttendance } from '@common/rules/attendance';
import { eventNotes, eventTitle } from '@common/rules/event-words';
import { factsOf, isPast, mayManageEvent, standingOf } from '@common/rules/events';
import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { EventMarks } from '../../data/events';
import type { FamilyChild } from '../../data/family';
import { loadLaterTexts } from '../../i18n/later-texts';
import { EventDates } from '../../ui/event-dates';
import { Icon } from '../../ui/icons';
import { ChildrenLines } from './children-lines';
import { LazyEventFormDialog } from './editor/lazy-event-form';
import styles from './event-row.module.css';
import { EventStatus } from './event-status';
import { countText, organiserName } from './event-text';
import { QuickActions } from './quick-actions';
import { myWaitingPosition } from './waiting-position';

/**
 * The popup (with the guests and their online calls) is its own chunk, fetched on the first open with the later
 * texts (the kit's words among them).
 */
const RegistrationDialog = lazy(() =>
  Promise.all([import('./registration-dialog'), loadLaterTexts()]).then(([m]) => ({
    default: m.RegistrationDialog,
  })),
);

/** What the list reads once for all its cards (week-screen.tsx) and hands to each. */
export interface RowContext {
  marks: EventMarks;
  /** The minors the member answers for (useGuardedChildren). */
  guarded: FamilyChild[];
  /** The club's time zone. */
  zone: string;
}

/**
 * One event of the week: what, where, who, when, how full; quick actions; the whole card opens the popup.
 * `isLinked`: the page was opened on this event (`/event/:uuid`), so its popup opens at once.
 */
export function EventRow({
  event,
  user,
  context,
  isLinked = false,
  onLinkClosed,
}: {
  event: EventDto;
  user: User;
  context: RowContext;
  isLinked?: boolean;
  onLinkClosed?: () => void;
}) {
  const { t } = useTranslation();
  const [isOpen, setIsOpen] = useState(isLinked);
  const openButton = useRef<HTMLButtonElement>(null);
  const hasPendingWrite = context.marks.pending.has(event.uuid_event);
  const isDeclined = context.marks.declined.has(event.uuid_event);
  const position = myWaitingPosition(event, user.id);
  const now = new Date();
  const facts = factsOf(event);
  const standing = standingOf(event, user.id);
  const isClosed = isPast(facts, now) || facts.isCancelled;
  const canOpenChecklist = mayTakeAttendance(user, facts).ok;
  // The creator or a SuperAdmin sees the edit view (the quick actions still subscribe).
  const opensEditor = mayManageEvent(user, facts).ok;
  const Popup = opensEditor ? LazyEventFormDialog : RegistrationDialog;
  const zip = (event.zip_code ?? '').slice(0, 2);

  return (
    <li
      className={`${styles.row}${isClosed ? ` ${styles.closed}` : ''}`}
      data-testid="event-row"
      data-event={event.uuid_event}
    >
      <div className={styles.main}>
        <h3 className={styles.title}>
          {eventTitle(event)}
          {canOpenChecklist && (
            <Link className={styles.above} to={`/checklist/${event.uuid_event}`}>
              {t('events.checklist')}
            </Link>
          )}
        </h3>
        {eventNotes(event) && <p className={styles.description}>{eventNotes(event)}</p>}
        <p className={styles.meta}>
          <EventDates start={event.start_date} end={event.end_date} timeZone={context.zone} />
          {event.city && <span>{zip ? `${event.city} (${zip})` : event.city}</span>}
          {organiserName(event) && <span>{t('events.organiser', { name: organiserName(event) })}</span>}
        </p>
        <p className={styles.meta}>
          <span className={styles.count}>
            <span className={styles.hidden}>{`${t('events.count_label')} `}</span>
            {countText(event)}
          </span>
          {!!event.comments_count && (
            <span>{t('events.comments_count', { count: event.comments_count })}</span>
          )}
          {event.uuid_series && (
            <span className={`${styles.status} ${styles.series}`} data-testid="series-mark">
              <Icon name="repeat" />
              {t('series.mark')}
            </span>
          )}
          <EventStatus
            facts={facts}
            standing={standing}
            now={now}
            isDeclined={isDeclined}
            waitingText={
              position === null
                ? null
                : t('answer.waiting_position', {
                    position: t('attendees.position', { count: position, ordinal: true }),
                  })
            }
          />
          {hasPendingWrite && <span className="badge badge-pending">{t('sync.pending_short')}</span>}
        </p>
        <ChildrenLines event={event} user={user} isClosed={isClosed} guarded={context.guarded} />
      </div>
      <div className={styles.actions}>
        {!isClosed && <QuickActions event={event} user={user} />}
        <button
          ref={openButton}
          type="button"
          className={`button ${styles.open}`}
          aria-haspopup="dialog"
          onClick={() => setIsOpen(true)}
        >
          {t(opensEditor ? 'eventForm.edit' : 'events.details')}
          <span className={styles.hidden}>
            {` ${opensEditor ? t('eventForm.edit_of', { name: eventTitle(event) }) : t('events.details_of', { name: eventTitle(event) })}`}
          </span>
        </button>
      </div>
      {isOpen && (
        <Suspense fallback={null}>
          <Popup
            event={event}
            user={user}
            onClose={() => {
              setIsOpen(false);
              openButton.current?.focus();
              if (isLinked) onLinkClosed?.();
            }}
          />
        </Suspense>
      )}
    </li>
  );
}
