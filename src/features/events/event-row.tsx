import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { EventDto } from '../../common/contract/event';
import type { User } from '../../common/contract/user';
import {
  factsOf,
  isPast,
  mayJoinWaitingList,
  maySubscribe,
  mayTickChecklist,
  mayUnsubscribe,
  standingOf,
} from '../../common/rules/events';
import { changeSubscription, joinWaitingList, useHasPendingWrite } from '../../data/events';
import { errorText } from '../../i18n/error-text';
import { showToast } from '../../state/toast-store';
import { EventDatesText } from '../../ui/event-dates';

/** One event of the week, with the interim subscribe / waiting-list buttons (the registration popup comes later). */
export function EventRow({ event, user }: { event: EventDto; user: User }) {
  const { t } = useTranslation();
  const hasPendingWrite = useHasPendingWrite(event.uuid_event);
  const now = new Date();
  const facts = factsOf(event);
  const standing = standingOf(event, user.id);
  const isClosed = isPast(facts, now) || facts.isCancelled;
  const canOpenChecklist = mayTickChecklist(user, facts).ok;
  const canLeave = standing.isSubscribed && mayUnsubscribe(facts, standing, now).ok;
  const canSubscribe = !standing.isSubscribed && !standing.isWaiting && maySubscribe(facts, standing, now).ok;
  const canWait = mayJoinWaitingList(facts, standing, now).ok;
  const run = (action: Promise<void>, successKey: string) =>
    action.then(
      () => showToast('success', successKey),
      (error: unknown) => showToast('error', 'error_fetch', errorText(t, error)),
    );
  const count = event.subscriber_is_infinite
    ? `${event.subcribers_count}/∞`
    : `${event.subcribers_count}/${event.max_subscribers}`;

  return (
    <li
      className={`event-row${isClosed ? ' event-closed' : ''}`}
      data-testid="event-row"
      data-event={event.uuid_event}
    >
      <div className="event-main">
        <h2 className="event-title">
          {event.model_name}
          {canOpenChecklist && (
            <Link className="event-checklist-link" to={`/checklist/${event.uuid_event}`}>
              {t('events.checklist')}
            </Link>
          )}
        </h2>
        <p className="event-meta">
          <EventDatesText start={event.start_date} end={event.end_date} />
          {event.city && <span>{` · ${event.city} (${(event.zip_code ?? '').slice(0, 2)})`}</span>}
        </p>
        <p className="event-meta">
          <span title={t('events.count_label')}>{count}</span>
          {event.is_cancelled && <span className="badge badge-muted">{t('events.cancelled')}</span>}
          {standing.isSubscribed && <span className="badge badge-ok">{t('events.subscribed')}</span>}
          {standing.isWaiting && <span className="badge">{t('events.waiting')}</span>}
          {hasPendingWrite && <span className="badge badge-pending">{t('sync.pending_short')}</span>}
        </p>
      </div>
      {!isClosed && (
        <div className="event-actions">
          {canLeave && (
            <button
              type="button"
              className="button"
              onClick={() =>
                void run(changeSubscription(user, event.uuid_event, false), 'unsubscribe_success')
              }
            >
              {t('events.unsubscribe')}
            </button>
          )}
          {canSubscribe && (
            <button
              type="button"
              className="button button-primary"
              onClick={() => void run(changeSubscription(user, event.uuid_event, true), 'subscribe_success')}
            >
              {t('events.subscribe')}
            </button>
          )}
          {canWait && (
            <button
              type="button"
              className="button"
              onClick={() => void run(joinWaitingList(user, event.uuid_event), 'subscribe_waiting_listed')}
            >
              {t('events.join_waiting_list')}
            </button>
          )}
          {standing.isWaiting && (
            <button
              type="button"
              className="button"
              onClick={() =>
                void run(changeSubscription(user, event.uuid_event, false), 'unsubscribe_success')
              }
            >
              {t('events.leave_waiting_list')}
            </button>
          )}
        </div>
      )}
    </li>
  );
}
