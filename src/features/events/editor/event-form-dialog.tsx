import type { EventDto } from '@common/contract/event';
import type { User } from '@common/contract/user';
import { maySetCoOrganisers } from '@common/rules/attendance';
import { factsOf } from '@common/rules/events';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lookUpLocation } from '../../../data/address-lookup';
import { saveEvent } from '../../../data/event-writes';
import { useClubTimeZone } from '../../../data/settings';
import { useIsOnline } from '../../../data/sync-status';
import { errorText } from '../../../i18n/error-text';
import { showToast } from '../../../state/toast-store';
import { ModalDialog } from '../../../ui/modal-dialog';
import { LazyCommentThread } from '../comments/lazy-thread';
import { ParticipationSections } from '../participation-sections';
import { CoOrganiserFields } from './co-organiser-fields';
import styles from './editor.module.css';
import { EventActions } from './event-actions';
import { EventFormFields } from './event-form-fields';
import { type EventFormPopup, EventFormPopups } from './event-form-popups';
import { duplicateValues } from './event-form-start';
import {
  addressQuery,
  type EditorAction,
  type EventFormValues,
  editorActions,
  eventState,
  type FieldErrors,
  initialValues,
  toInput,
  validate,
} from './event-form-state';
import { FormNotes } from './form-notes';
import { RepeatFields } from './repeat-fields';
import { REPEAT_OFF, type RepeatValues, repeatPreview } from './repeat-preview';
import { type SeriesScope, seriesChanges } from './series-changes';
import { createSeriesFromForm, isManagedSession, saveFollowing } from './series-save';
import { SeriesScopeChoice } from './series-scope';
import { useFormStart } from './use-form-start';

const SUCCESS: Partial<Record<EditorAction, string>> = {
  create: 'eventForm.created',
  update: 'eventForm.updated',
  cancel: 'eventForm.canceled',
  reactivate: 'eventForm.reactivated',
};

const ALL_SHOWN = {
  modelUuid: true,
  startDay: true,
  endDay: true,
  maxSubscribers: true,
  title: true,
  notes: true,
  meetingPoint: true,
};

interface Props {
  /** null: a new event. */
  event: EventDto | null;
  user: User;
  onClose: () => void;
}

/**
 * The event form popup: create, or edit by state; its own lazily loaded chunk. "Dupliquer" turns it into a
 * new event's form starting from the one shown.
 */
export function EventFormDialog(props: Props) {
  const { t } = useTranslation();
  const timeZone = useClubTimeZone();
  const [copyOf, setCopyOf] = useState<EventDto | null>(null);
  const title = t(props.event && !copyOf ? 'eventForm.edit_title' : 'eventForm.create_title');
  if (!timeZone) {
    return (
      <ModalDialog title={title} onClose={props.onClose}>
        {() => <p className={styles.form}>{t('eventForm.loading')}</p>}
      </ModalDialog>
    );
  }
  if (copyOf)
    return <EventForm key="copy" {...props} event={null} copyOf={copyOf} timeZone={timeZone} title={title} />;
  return <EventForm {...props} timeZone={timeZone} title={title} onDuplicate={setCopyOf} />;
}

interface FormProps extends Props {
  timeZone: string;
  title: string;
  /** A new event's form starting from this one ("Dupliquer"). */
  copyOf?: EventDto | null;
  onDuplicate?: (event: EventDto) => void;
}

function EventForm({ event, user, onClose, timeZone, title, copyOf = null, onDuplicate }: FormProps) {
  const { t } = useTranslation();
  const isOnline = useIsOnline();
  const offlineId = useId();
  const mineId = useId();
  const [values, setValues] = useState<EventFormValues>(() =>
    copyOf ? duplicateValues(copyOf, timeZone, new Date()) : initialValues(event, timeZone),
  );
  const start = useFormStart(!event, copyOf, timeZone, setValues);
  const [shown, setShown] = useState<Partial<Record<keyof FieldErrors, boolean>>>({});
  const [busy, setBusy] = useState<EditorAction | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [addressFailed, setAddressFailed] = useState(false);
  const [popup, setPopup] = useState<EventFormPopup | null>(null);
  const [repeat, setRepeat] = useState<RepeatValues>(REPEAT_OFF);
  const [scope, setScope] = useState<SeriesScope>('one');
  const now = new Date();
  const state = eventState(event, now);
  const actions = editorActions(user, event, now);
  const errors = validate(values, timeZone, now, event);
  const isReadOnly = state === 'past' || state === 'cancelled';
  const preview = repeatPreview(values.startDay, repeat);
  const isRepeating = !event && repeat.isOn;
  // A rule giving no session or too many cannot be sent: the preview says why.
  const isSaveBlocked =
    isRepeating &&
    (preview.kind === 'too_many' || preview.kind === 'empty' || preview.kind === 'skip_outside');
  const session = isManagedSession(event, user) ? event : null;
  const canSetCoOrganisers = event
    ? maySetCoOrganisers(user, factsOf(event)).ok && actions.includes('update')
    : actions.includes('create');

  /** A new address (or a new event) is looked up; an unchanged one keeps its link. */
  async function locationFor(current: EventFormValues): Promise<string> {
    const query = addressQuery(current);
    if (event && query === addressQuery(initialValues(event, timeZone))) return event.location;
    if (query === '') return '';
    const link = await lookUpLocation(query);
    if (link !== null) return link;
    setAddressFailed(true);
    showToast('info', 'eventForm.address_failed');
    return '';
  }

  /**
   * A series write instead of the single event's: 'done', 'kept' (the form refused it and says why, nothing
   * sent) or 'single' (not a series write).
   */
  async function runSeries(action: EditorAction): Promise<'done' | 'kept' | 'single'> {
    if (action === 'create' && isRepeating) {
      const count = await createSeriesFromForm(values, repeat, timeZone, await locationFor(values));
      showToast('success', 'series.created', t('series.created_count', { count }));
      return 'done';
    }
    if (action !== 'update' || !session || scope !== 'following') return 'single';
    const changes = seriesChanges(initialValues(session, timeZone), values, timeZone);
    if (changes.kind !== 'changes') {
      setError(t(changes.kind === 'none' ? 'series.no_change' : 'series.single_only'));
      return 'kept';
    }
    await saveFollowing(session, changes, changes.isAddressChanged ? await locationFor(values) : '');
    showToast('success', 'series.updated');
    return 'done';
  }

  async function run(action: EditorAction, close: () => void) {
    if (action === 'duplicate') {
      if (event) onDuplicate?.(event);
      return;
    }
    if (action === 'delete' || action === 'group_mail') {
      setPopup(action);
      return;
    }
    if (action === 'cancel') {
      setPopup(session ? 'cancel_series' : 'cancel');
      return;
    }
    const isSave = action === 'create' || action === 'update';
    if (isSave && (Object.keys(errors).length > 0 || (isRepeating && preview.kind !== 'ok'))) {
      setShown(ALL_SHOWN);
      return;
    }
    setBusy(action);
    setError(null);
    setAddressFailed(false);
    try {
      const series = await runSeries(action);
      if (series !== 'single') {
        setBusy(null);
        if (series === 'done') close();
        return;
      }
      // Reactivating changes only the state: what was saved, not what is being typed. (Cancelling asks first,
      // in its own dialog.)
      const source = isSave || !event ? values : initialValues(event, timeZone);
      const location = isSave ? await locationFor(values) : (event?.location ?? '');
      const isCancelled = action === 'update' && Boolean(event?.is_cancelled);
      await saveEvent(toInput(source, timeZone, event, location, isCancelled));
      showToast('success', SUCCESS[action] ?? 'eventForm.updated');
      setBusy(null);
      close();
    } catch (failure) {
      setError(errorText(t, failure));
      setBusy(null);
    }
  }

  function submit(e: FormEvent, close: () => void) {
    e.preventDefault();
    const save = actions.find((a) => a === 'create' || a === 'update');
    if (save && busy === null && isOnline && !isSaveBlocked) void run(save, close);
  }

  return (
    <ModalDialog title={title} onClose={onClose} isBusy={busy !== null}>
      {(close) => (
        <>
          <form className={styles.form} onSubmit={(e) => submit(e, close)} noValidate aria-label={title}>
            {actions.includes('group_mail') && (
              // The group mail one tap away, above the form rather than under it.
              <div className={styles.quickActions}>
                <button
                  type="button"
                  className="button"
                  aria-haspopup="dialog"
                  disabled={busy !== null}
                  onClick={() => setPopup('group_mail')}
                >
                  {t('eventForm.group_mail')}
                </button>
              </div>
            )}
            {state === 'past' && <p className={styles.notice}>{t('eventForm.past_notice')}</p>}
            {state === 'cancelled' && <p className={styles.notice}>{t('eventForm.cancelled_notice')}</p>}
            <EventFormFields
              values={values}
              errors={errors}
              shown={shown}
              event={event}
              isReadOnly={isReadOnly}
              startNote={start.note}
              onChange={start.onChange}
              onBlur={(field) => setShown((s) => ({ ...s, [field]: true }))}
            />
            {!event && actions.includes('create') && (
              <RepeatFields
                repeat={repeat}
                preview={preview}
                startDay={values.startDay}
                isShown={shown.startDay === true}
                onChange={(patch) => setRepeat((r) => ({ ...r, ...patch }))}
              />
            )}
            {canSetCoOrganisers && !isRepeating && (
              <CoOrganiserFields
                creatorId={event?.creator.id ?? user.id}
                selected={values.coOrganisers}
                isReadOnly={isReadOnly}
                onChange={(coOrganisers) => setValues((v) => ({ ...v, coOrganisers }))}
              />
            )}
            {session && actions.includes('update') && (
              <SeriesScopeChoice name="series-save-scope" value={scope} onChange={setScope} />
            )}
            {addressFailed && (
              <p className={styles.hint} role="status">
                {t('eventForm.address_failed')}
              </p>
            )}
            <FormNotes error={error} isOnline={isOnline} offlineId={offlineId} />
            <EventActions
              actions={actions.filter((a) => a !== 'group_mail')}
              busy={busy}
              isOnline={isOnline}
              offlineId={offlineId}
              isSaveBlocked={isSaveBlocked}
              onAction={(action) => void run(action, close)}
            />
          </form>
          {event && (
            // The creator is a member too: their own registration, guests and who's coming.
            <section className={styles.mine} aria-labelledby={mineId}>
              <h2 id={mineId} className={styles.mineTitle}>
                {t('answer.mine_title')}
              </h2>
              <ParticipationSections event={event} user={user} />
            </section>
          )}
          {event && <LazyCommentThread className={styles.thread} event={event} user={user} />}
          <EventFormPopups
            popup={popup}
            event={event}
            session={session}
            user={user}
            timeZone={timeZone}
            scope={scope}
            close={close}
            onClose={() => setPopup(null)}
          />
        </>
      )}
    </ModalDialog>
  );
}
