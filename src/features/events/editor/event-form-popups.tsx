import type { EventDto } from '@common/contract/event';
import type { User } from '@common/contract/user';
import { eventDates } from '@common/rules/date-display';
import { eventTitle } from '@common/rules/event-words';
import { useTranslation } from 'react-i18next';
import { deleteEvent, saveEvent } from '../../../data/event-writes';
import { showToast } from '../../../state/toast-store';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { CancelEventDialog } from './cancel-event-dialog';
import { initialValues, toInput } from './event-form-state';
import { GroupMailDialog } from './group-mail-dialog';
import { SeriesCancelDialog } from './series-cancel-dialog';
import type { SeriesScope } from './series-changes';
import { cancelSessions } from './series-save';

export type EventFormPopup = 'delete' | 'group_mail' | 'cancel' | 'cancel_series';

interface Props {
  popup: EventFormPopup | null;
  event: EventDto | null;
  /** The event when it is a series session its user may manage (the series cancel dialog). */
  session: (EventDto & { uuid_series: string }) | null;
  user: User;
  timeZone: string;
  scope: SeriesScope;
  /** Closes the event form: the action is done. */
  close: () => void;
  onClose: () => void;
}

/** The dialogs the event form opens over itself: delete, cancel (one event or series sessions), group mail. */
export function EventFormPopups({ popup, event, session, user, timeZone, scope, close, onClose }: Props) {
  const { t, i18n } = useTranslation();
  if (!popup || !event) return null;
  const dateText = eventDates(event.start_date, event.end_date, i18n.language, timeZone).startDate;
  const name = eventTitle(event);
  switch (popup) {
    case 'delete':
      return (
        <ConfirmDialog
          message={t('eventForm.confirm_delete', { name, date: dateText })}
          onConfirm={async () => {
            await deleteEvent(event);
            showToast('success', 'eventForm.deleted');
            close();
          }}
          onClose={onClose}
        />
      );
    case 'cancel':
      return (
        <CancelEventDialog
          event={event}
          question={t('cancelEvent.question', { name, date: dateText })}
          onConfirm={async (message) => {
            const input = toInput(initialValues(event, timeZone), timeZone, event, event.location, true);
            await saveEvent({ ...input, ...(message ? { cancel_message: message } : {}) });
            showToast('success', 'eventForm.canceled');
            close();
          }}
          onClose={onClose}
        />
      );
    case 'cancel_series':
      return session ? (
        <SeriesCancelDialog
          message={t('series.cancel_message', { name, date: dateText })}
          initialScope={scope}
          onConfirm={async (chosen, reason) => {
            await cancelSessions(session, chosen, timeZone, reason);
            showToast('success', chosen === 'following' ? 'series.cancelled' : 'eventForm.canceled');
            close();
          }}
          onClose={onClose}
        />
      ) : null;
    case 'group_mail':
      return <GroupMailDialog event={event} user={user} onClose={onClose} />;
  }
}
