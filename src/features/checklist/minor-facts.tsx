import { useTranslation } from 'react-i18next';
import type { VenueMinor } from '../../data/checklist';
import styles from './checklist-row.module.css';

/**
 * Under a minor's name at the venue (docs/rules.md#families): the mark, each guardian with a tap to call, and
 * whether transport by a volunteer and emergency care were agreed this season, in words. Never any health
 * detail. A call is not a tick: the click stays on its link.
 */
export function MinorFacts({ minor, name }: { minor: VenueMinor; name: string }) {
  const { t } = useTranslation();
  const answer = (given: boolean | null | undefined) =>
    t(given === true ? 'venue.yes' : given === false ? 'venue.no' : 'venue.unknown');
  return (
    <div className={styles.minor}>
      <small className={styles.minorMark}>{t('venue.minor')}</small>
      {(minor.guardians ?? []).map((guardian) => {
        const guardianName = [guardian.first_name, guardian.last_name].filter(Boolean).join(' ');
        return guardian.phone ? (
          <a
            key={guardian.id}
            className={styles.phone}
            href={`tel:${guardian.phone.replace(/\s/g, '')}`}
            aria-label={t('venue.call_guardian', { guardian: guardianName, name, phone: guardian.phone })}
            onClick={(e) => e.stopPropagation()}
          >
            <span aria-hidden="true">☎ </span>
            {`${guardianName} · ${guardian.phone}`}
          </a>
        ) : (
          <small key={guardian.id} className={styles.kind}>
            {t('venue.guardian_no_phone', { guardian: guardianName })}
          </small>
        );
      })}
      <small className={styles.kind}>
        {t('venue.consents', {
          transport: answer(minor.consents?.transport),
          care: answer(minor.consents?.emergency_care),
        })}
      </small>
    </div>
  );
}
