import type { DossierReason } from '@common/contract/member-file';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Dossier, HealthKind, LicenceAnswer, StoredHealthItem } from '../../../data/member-file';
import { itemDetail, itemName } from '../../../ui/member-file/health-item-words';
import styles from './member-file.module.css';

/** The paper each reason asks for, offered first when recording it; none for what only the club records. */
const PAPER_OF: Record<DossierReason, HealthKind | 'any' | null> = {
  licence_missing: null,
  licence_expired: null,
  birth_date_missing: null,
  health_missing: 'any',
  health_expired: 'any',
  caci_required: 'caci',
  savoir_nager_missing: 'savoir_nager',
};

/**
 * The file's state in words and, for each reason, what to do next (docs/rules.md#members-file): the licence is
 * the club's to record, a health paper's date the member's, with a button that opens the form on that paper.
 */
export function DossierState({
  dossier,
  mayRecord,
  onRecord,
}: {
  dossier: Dossier;
  mayRecord: boolean;
  onRecord: (kind: HealthKind | undefined) => void;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <div className={styles.state} data-status={dossier.status}>
      <p className={styles.status}>
        {t('myDossier.state', { status: t(`memberFile.status.${dossier.status}`) })}
      </p>
      {dossier.reasons.length > 0 && (
        <>
          <h3 id={headingId}>{t('myDossier.next_heading')}</h3>
          <ul className={styles.reasons} aria-labelledby={headingId}>
            {dossier.reasons.map((reason) => {
              const paper = PAPER_OF[reason];
              return (
                <li key={reason}>
                  <strong>{t(`memberFile.reason.${reason}`)}</strong>
                  <span>{t(`myDossier.next.${reason}`)}</span>
                  {paper && (
                    <button
                      type="button"
                      className="button"
                      aria-haspopup="dialog"
                      aria-label={t('myDossier.record_label', { reason: t(`memberFile.reason.${reason}`) })}
                      disabled={!mayRecord}
                      onClick={() => onRecord(paper === 'any' ? undefined : paper)}
                    >
                      {t('myDossier.record')}
                    </button>
                  )}
                </li>
              );
            })}
          </ul>
        </>
      )}
    </div>
  );
}

/** This season's licence as the club recorded it, read-only: the newest the server lists. */
export function LicenceCard({ licence }: { licence: LicenceAnswer | undefined }) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <section className={styles.card} aria-labelledby={headingId}>
      <h3 id={headingId}>{t('myDossier.licence_heading')}</h3>
      {licence ? (
        <dl className={styles.facts}>
          <dt>{t('myDossier.licence_season')}</dt>
          <dd>{licence.season}</dd>
          <dt>{t('myDossier.licence_number')}</dt>
          <dd>{licence.number}</dd>
          <dt>{t('myDossier.licence_federation')}</dt>
          <dd>{licence.federation}</dd>
          <dt>{t('myDossier.licence_type')}</dt>
          <dd>{licence.type}</dd>
        </dl>
      ) : (
        <p>{t('myDossier.licence_none')}</p>
      )}
      <p className={styles.note}>{t('myDossier.licence_by_club')}</p>
    </section>
  );
}

/**
 * The health items with their dates; the member's own may be changed or removed, the club's only by an Admin
 * (`isAdmin`, for an Admin's view of a member's file).
 */
export function HealthList({
  items,
  isAdmin = false,
  mayChange,
  onEdit,
  onRemove,
}: {
  items: StoredHealthItem[];
  isAdmin?: boolean;
  mayChange: boolean;
  onEdit: (index: number) => void;
  onRemove: (index: number) => void;
}) {
  const { t, i18n } = useTranslation();
  if (items.length === 0) return <p>{t('myDossier.health_none')}</p>;
  return (
    <ul className={styles.items} aria-label={t('myDossier.health_label')}>
      {items.map((item, index) => {
        const name = itemName(t, item, i18n.language);
        const detail = itemDetail(t, item);
        return (
          <li key={`${item.kind}-${item.date}-${item.recorded_at}`} className={styles.item}>
            <span className={styles.itemName}>{name}</span>
            {detail && <span>{detail}</span>}
            {item.recorded_by_admin && !isAdmin ? (
              <span className={styles.note}>
                {t('myDossier.by_club')} · {t('myDossier.by_club_note')}
              </span>
            ) : (
              <span className={styles.buttons}>
                <button
                  type="button"
                  className="button"
                  aria-haspopup="dialog"
                  aria-label={t('myDossier.edit_label', { item: name })}
                  disabled={!mayChange}
                  onClick={() => onEdit(index)}
                >
                  {t('myDossier.edit')}
                </button>
                <button
                  type="button"
                  className="button"
                  aria-haspopup="dialog"
                  aria-label={t('myDossier.remove_label', { item: name })}
                  disabled={!mayChange}
                  onClick={() => onRemove(index)}
                >
                  {t('myDossier.remove')}
                </button>
              </span>
            )}
          </li>
        );
      })}
    </ul>
  );
}
