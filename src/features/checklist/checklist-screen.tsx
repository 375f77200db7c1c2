import { type AttendanceStatus, isPresentStatus } from '@common/contract/attendance-status';
import type { EventDto } from '@common/contract/event';
import type { Dossier } from '@common/contract/member-file';
import { mayTakeAttendance } from '@common/rules/attendance';
import { type ChecklistRow, checklistRows } from '@common/rules/checklist-rows';
import { eventTitle } from '@common/rules/event-words';
import { factsOf } from '@common/rules/events';
import { memo, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { useStore } from 'zustand';
import { refreshAttendance, useAttendance } from '../../data/attendance';
import {
  type PendingChecksStore,
  setHandOut,
  setRowStatus,
  usePendingChecks,
  useVenueMinors,
} from '../../data/checklist';
import { refreshEvent, useEvent } from '../../data/events';
import { keepClubMembersForWalkIns } from '../../data/member-search';
import { useIsOnline } from '../../data/sync-status';
import { errorText } from '../../i18n/error-text';
import { useCurrentUser } from '../../state/session';
import { showToast } from '../../state/toast-store';
import { EventDatesText } from '../../ui/event-dates';
import { AttendanceExport } from './attendance-export';
import { type HandOutChange, kitTotals } from './checklist-rows';
import styles from './checklist-screen.module.css';
import { ChecklistTable } from './checklist-table';
import { DeclinedNames } from './declined-names';
import { KitTotals } from './kit-totals';
import { WalkInDialog } from './walk-in-dialog';

interface HeadingProps {
  title: string;
  city: string | null;
  zipCode: string | null;
  count: number;
  start: string;
  end: string;
}

/** Primitive props only: a tick, which makes a new cached event, does not re-render the heading. */
const ChecklistHeading = memo(function ChecklistHeading({
  title,
  city,
  zipCode,
  count,
  start,
  end,
}: HeadingProps) {
  const { t } = useTranslation();
  return (
    <>
      <h1>{title}</h1>
      <p className="event-meta">
        {city && <span>{`${city} (${(zipCode ?? '').slice(0, 2)}) · `}</span>}
        <span>{t('checklist.count', { count })}</span>
        {' · '}
        <EventDatesText start={start} end={end} />
      </p>
    </>
  );
});

const NO_ROWS: ChecklistRow[] = [];

const dossiersOf = (event: EventDto | null | undefined): ReadonlyMap<string, Dossier> =>
  new Map(
    (event?.subscribers_with_stuff ?? []).flatMap((s) => (s.dossier ? [[s.id, s.dossier] as const] : [])),
  );

/** Present (or late) as this device shows it: a write still in the outbox counts as it was made. */
const presentCount = (
  rows: ChecklistRow[],
  pending: ReadonlyMap<string, AttendanceStatus> | undefined,
): number => rows.filter((row) => isPresentStatus(pending?.get(row.key) ?? row.status)).length;

/** The count under the list, which alone renders again when a tick's pending mark comes or goes. */
function PresentCount({ rows, pending }: { rows: ChecklistRow[]; pending: PendingChecksStore }) {
  const { t } = useTranslation();
  const count = useStore(pending, (s) => presentCount(rows, s.pending));
  return (
    // After the list, held at the bottom while the list scrolls under it.
    <p className={styles.presentCount} role="status">
      {t('checklistCount.present', { count, total: rows.length })}
    </p>
  );
}

/** The attendance list, used at the venue with no signal: every tick goes through the outbox. */
export function ChecklistScreen() {
  const { t } = useTranslation();
  const { id } = useParams();
  const user = useCurrentUser();
  const event = useEvent(id);
  const pending = usePendingChecks(id);
  const isPendingRead = useStore(pending, (s) => s.pending !== undefined);
  const isOnline = useIsOnline();
  const attendance = useAttendance(id);
  const minors = useVenueMinors(id);
  // Reading and taking attendance are one right (docs/rules.md#roles): the server masks others' rows.
  const canTakeAttendance = !!user && !!event && mayTakeAttendance(user, factsOf(event)).ok;
  const rows = useMemo(() => (event ? checklistRows(event, t('attendees.deleted')) : NO_ROWS), [event, t]);
  const totals = useMemo(() => kitTotals(rows), [rows]);
  // The files as the server computed them for the event's day, kept with the event on this device, so the badge
  // shows with no signal (docs/rules.md#members-file).
  const dossiers = useMemo(() => dossiersOf(event), [event]);
  const eventUuid = event?.uuid_event;
  const [isAddingWalkIn, setAddingWalkIn] = useState(false);
  const onSetStatus = useCallback(
    (row: ChecklistRow, status: AttendanceStatus) =>
      user && eventUuid
        ? setRowStatus(user, eventUuid, row, status).then(
            () => true,
            (error: unknown) => {
              showToast('error', 'error_fetch', errorText(t, error));
              return false;
            },
          )
        : Promise.resolve(false),
    [user, eventUuid, t],
  );
  const onSetHandOut = useCallback(
    (row: ChecklistRow, uuidStuff: string, change: HandOutChange) =>
      user && eventUuid
        ? setHandOut(user, eventUuid, row, uuidStuff, change).then(
            () => true,
            (error: unknown) => {
              showToast('error', 'error_fetch', errorText(t, error));
              return false;
            },
          )
        : Promise.resolve(false),
    [user, eventUuid, t],
  );

  // The event's own read, which alone carries the kit's hand-out state for those who take attendance.
  useEffect(() => {
    if (id) void refreshEvent(id).catch(() => undefined);
  }, [id]);
  // Read again once every tick of this list is delivered: the record
  // then names who ticked and when the server received it. Offline, the last copy stays shown.
  const isDelivered = useStore(pending, (s) => s.pending?.size === 0);
  useEffect(() => {
    if (id && canTakeAttendance && isOnline && isDelivered) void refreshAttendance(id).catch(() => undefined);
  }, [id, canTakeAttendance, isOnline, isDelivered]);
  // The club's members for a walk-in with no signal, kept while this organiser runs an upcoming event
  // (docs/rules.md#checklist): the event just read may be the first this device holds.
  useEffect(() => {
    if (canTakeAttendance && isOnline) void keepClubMembersForWalkIns().catch(() => undefined);
  }, [canTakeAttendance, isOnline]);

  if (event === undefined || !isPendingRead) return <p role="status">{t('app.loading')}</p>;
  if (event === null || !user) return <p role="alert">{t('checklist.not_cached')}</p>;

  if (!canTakeAttendance)
    return (
      <section className="checklist">
        <h1>{eventTitle(event)}</h1>
        <p role="note">{t('checklist.not_allowed')}</p>
        <Link className="button" to="/">
          {t('checklistPage.back_to_week')}
        </Link>
      </section>
    );
  return (
    <section className="checklist">
      <ChecklistHeading
        title={eventTitle(event)}
        city={event.city}
        zipCode={event.zip_code}
        count={event.subcribers_count}
        start={event.start_date}
        end={event.end_date}
      />
      <KitTotals totals={totals} />
      <div className={styles.actions}>
        <AttendanceExport event={event} />
        <button type="button" className="button" onClick={() => setAddingWalkIn(true)}>
          {t('walkIn.open')}
        </button>
      </div>
      {isAddingWalkIn && (
        <WalkInDialog user={user} eventUuid={event.uuid_event} onClose={() => setAddingWalkIn(false)} />
      )}
      <ChecklistTable
        rows={rows}
        pending={pending}
        attendance={attendance}
        minors={minors}
        dossiers={dossiers}
        canTick
        onSetStatus={onSetStatus}
        onSetHandOut={onSetHandOut}
      />
      <DeclinedNames eventUuid={event.uuid_event} />
      <PresentCount rows={rows} pending={pending} />
    </section>
  );
}
