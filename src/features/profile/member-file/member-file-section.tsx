import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './member-file.module.css';
import { MemberFilePanel } from './member-file-panel';

/** The profile's « Mon dossier » tab (docs/rules.md#members-file): the signed-in member's own file. */
export function MemberFileSection({ userId, isOnline }: { userId: string; isOnline: boolean }) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId}>{t('myDossier.title')}</h2>
      <p className={styles.note}>{t('myDossier.why')}</p>
      <MemberFilePanel userId={userId} isOnline={isOnline} />
    </section>
  );
}
