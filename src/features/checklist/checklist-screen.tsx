import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { factsOf, mayTickChecklist } from '../../common/rules/events';
import { tick, usePendingChecks } from '../../data/checklist';
import { refreshEvent, useEvent } from '../../data/events';
import { errorText } from '../../i18n/error-text';
import { useCurrentUser } from '../../state/session';
import { showToast } from '../../state/toast-store';
import { EventDatesText } from '../../ui/event-dates';
import { checklistRows, stuffCounts } from './checklist-rows';
import { ChecklistTable } from './checklist-table';

/** The attendance list, used at the venue with no signal: every tick goes through the outbox. */
export function ChecklistScreen() {
  const { t } = useTranslation();
  const { id } = useParams();
  const user = useCurrentUser();
  const event = useEvent(id);
  const pending = usePendingChecks(id);

  useEffect(() => {
    if (id) void refreshEvent(id).catch(() => undefined);
  }, [id]);

  if (event === undefined) return <p role="status">{t('app.loading')}</p>;
  if (event === null || !user) return <p role="alert">{t('checklist.not_cached')}</p>;

  // Anyone signed in may read the list; ticking is the rule's (a demoted creator reads only).
  const canTick = mayTickChecklist(user, factsOf(event)).ok;
  return (
    <section className="checklist">
      <h1>{event.model_name}</h1>
      <p className="event-meta">
        {event.city && <span>{`${event.city} (${(event.zip_code ?? '').slice(0, 2)}) · `}</span>}
        <span>{t('checklist.count', { count: event.subcribers_count })}</span>
        {' · '}
        <EventDatesText start={event.start_date} end={event.end_date} />
      </p>
      <ul className="stuff-counts" aria-label={t('checklist.equipment')}>
        {stuffCounts(event).map((s) => (
          <li key={s.name}>{`${s.name} : ${s.count}`}</li>
        ))}
      </ul>
      {!canTick && (
        <p className="event-meta" role="note">
          {t('checklist.not_allowed')}
        </p>
      )}
      <ChecklistTable
        rows={checklistRows(event)}
        pending={pending}
        canTick={canTick}
        onToggle={(row) =>
          tick(user, event.uuid_event, row.userId, row.isInvited, !row.isChecked).catch((error: unknown) =>
            showToast('error', 'error_fetch', errorText(t, error)),
          )
        }
      />
    </section>
  );
}
