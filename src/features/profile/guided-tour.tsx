import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './profile-tabs.module.css';
import { nextTourStep, readTourFlag, writeTourFlag } from './tour-flag';

/** Whether the preferences tour runs on this visit, and a way to close it (the flag moves once a visit). */
export function usePreferencesTour(): { isRunning: boolean; close: () => void } {
  const [step] = useState(() => nextTourStep(readTourFlag()));
  const [isRunning, setRunning] = useState(step.shouldRun);
  // Writes the value computed from the flag read at first render: a second run (StrictMode) writes the same.
  useEffect(() => writeTourFlag(step.next), [step]);
  return { isRunning, close: () => setRunning(false) };
}

/** A small popover under the highlighted tab: a title, one sentence, a close button. */
export function TourPopover({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <section className={styles.popover} aria-labelledby={`${id}-title`} data-testid="profile-tour">
      <h2 id={`${id}-title`}>{t('profile.tour_title')}</h2>
      <p id={`${id}-text`}>{t('profile.tour_text')}</p>
      <button
        type="button"
        className={styles.popoverClose}
        aria-label={t('profile.tour_close')}
        title={t('profile.tour_close')}
        onClick={onClose}
      >
        ×
      </button>
    </section>
  );
}
