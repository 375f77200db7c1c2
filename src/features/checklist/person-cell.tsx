import type { Dossier } from '@common/contract/member-file';
import type { ChecklistRow } from '@common/rules/checklist-rows';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { VenueMinor } from '../../data/checklist';
import { UserThumbnail } from '../../ui/user-thumbnail';
import styles from './checklist-row.module.css';
import { DossierBadge, isSameDossier } from './dossier-badge';
import { MinorFacts } from './minor-facts';
import { type TickFacts, TickNote } from './tick-note';

interface Props {
  row: ChecklistRow;
  phone: string | null;
  minor: VenueMinor | undefined;
  dossier: Dossier | undefined;
  /** Who set the status shown and when; undefined when the record does not say it (yet). */
  note: TickFacts | undefined;
  timeZone: string | undefined;
}

/** The member a row shows a picture of: a registered member, or a member who walked in. */
const memberIdOf = (row: ChecklistRow): string | null =>
  row.kind === 'member' ? String(row.userId) : (row.walkIn?.user_id ?? null);

function PersonCellView({ row, phone, minor, dossier, note, timeZone }: Props) {
  const { t } = useTranslation();
  const memberId = memberIdOf(row);
  return (
    <td>
      <span className={styles.person}>
        {memberId ? (
          <UserThumbnail userId={memberId} username={row.name} size={32} isLazy />
        ) : (
          <span className={styles.noPicture} aria-hidden="true" />
        )}
        <span className={styles.name} data-testid="row-name">
          {row.name}
        </span>
        {phone && (
          // A call, not a tick: the click stays on the link. On the name's line; on a phone the icon alone.
          <a
            className={styles.phone}
            href={`tel:${phone.replace(/\s/g, '')}`}
            aria-label={t('checklistCount.call', { name: row.name, phone })}
            onClick={(e) => e.stopPropagation()}
          >
            <span aria-hidden="true">☎ </span>
            <span className={styles.phoneNumber}>{phone}</span>
          </a>
        )}
      </span>
      {row.kind !== 'member' && (
        <small className={styles.kind}>
          {t(row.kind === 'guest' ? 'attendanceStatus.guest' : 'attendanceStatus.walk_in')}
        </small>
      )}
      <DossierBadge dossier={dossier} />
      {minor && <MinorFacts minor={minor} name={row.name} />}
      {note && timeZone && <TickNote entry={note} timeZone={timeZone} />}
    </td>
  );
}

/** The event read again makes new rows and files: the cell renders again only when what it shows changed. */
const isSamePerson = (a: Props, b: Props) =>
  a.row.name === b.row.name &&
  a.row.kind === b.row.kind &&
  memberIdOf(a.row) === memberIdOf(b.row) &&
  a.phone === b.phone &&
  a.minor === b.minor &&
  isSameDossier(a.dossier, b.dossier) &&
  a.note?.is_checked === b.note?.is_checked &&
  a.note?.status === b.note?.status &&
  a.note?.checked_at === b.note?.checked_at &&
  a.note?.checked_by === b.note?.checked_by &&
  a.note?.received_at === b.note?.received_at &&
  (a.note === undefined) === (b.note === undefined) &&
  a.timeZone === b.timeZone;

/**
 * A row's first cell: the picture, the name, the phone and the notes under them. Its own memoised component,
 * so a tick (which changes the row's state cell) renders none of it again.
 */
export const PersonCell = memo(PersonCellView, isSamePerson);
