import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { EventDto } from '../../common/contract/event';
import type { User } from '../../common/contract/user';
import { useMyEventState } from '../../data/hooks';
import { changeSubscription, joinWaitingList } from '../../data/sync';
import { errorText } from '../../i18n/error-text';
import { showToast } from '../../state/toast-store';
import { EventDatesText } from '../../ui/event-dates';

function isFull(event: EventDto): boolean {
  return !event.subscriber_is_infinite && event.max_subscribers <= event.subcribers_count;
}

/** One event of the week, with the interim subscribe / waiting-list buttons (the registration popup comes later). */
export function EventRow({
  event,
  user,
  canOpenChecklist,
}: {
  event: EventDto;
  user: User;
  canOpenChecklist: boolean;
}) {
  const { t } = useTranslation();
  const state = useMyEventState(event.uuid_event, user.id);
  const isPast = new Date(event.end_date) < new Date();
  const isClosed = isPast || event.is_cancelled;
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
          {state?.isSubscribed && <span className="badge badge-ok">{t('events.subscribed')}</span>}
          {state?.isWaiting && <span className="badge">{t('events.waiting')}</span>}
          {state?.hasPendingWrite && <span className="badge badge-pending">{t('sync.pending_short')}</span>}
        </p>
      </div>
      {!isClosed && state && (
        <div className="event-actions">
          {state.isSubscribed && (
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
          {!state.isSubscribed && !state.isWaiting && !isFull(event) && (
            <button
              type="button"
              className="button button-primary"
              onClick={() => void run(changeSubscription(user, event.uuid_event, true), 'subscribe_success')}
            >
              {t('events.subscribe')}
            </button>
          )}
          {!state.isSubscribed && !state.isWaiting && isFull(event) && (
            <button
              type="button"
              className="button"
              onClick={() => void run(joinWaitingList(user, event.uuid_event), 'subscribe_waiting_listed')}
            >
              {t('events.join_waiting_list')}
            </button>
          )}
          {state.isWaiting && (
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
