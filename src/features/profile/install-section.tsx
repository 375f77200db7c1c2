import { lazy, Suspense, useId } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './calendar-feed.module.css';

// Its own chunk: the drawings and steps load after the profile's first render, never with the first paint.
const InstallGuide = lazy(() =>
  import('../../ui/install/install-guide').then((m) => ({ default: m.InstallGuide })),
);

/** The profile's « Installer » tab: how to put the app on this phone's home screen, with pictures. */
export function InstallSection() {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <section className={styles.section} aria-labelledby={headingId} data-testid="install-section">
      <h2 id={headingId}>{t('install.title')}</h2>
      <Suspense fallback={<p className={styles.note}>{t('app.loading')}</p>}>
        <InstallGuide />
      </Suspense>
    </section>
  );
}
