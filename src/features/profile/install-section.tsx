import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { InstallHelp } from '../../ui/install-help';
import styles from './calendar-feed.module.css';

/** "Installer l'application" in the preferences: where a member looks for it after the welcome. */
export function InstallSection() {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <section className={styles.section} aria-labelledby={headingId} data-testid="install-section">
      <h2 id={headingId}>{t('install.title')}</h2>
      <InstallHelp className={styles.note} />
    </section>
  );
}
