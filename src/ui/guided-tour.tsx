import { useEffect, useState } from 'react';
import styles from './guided-tour.module.css';
import { nextTourStep, readTourFlag, writeTourFlag } from './tour-flag';

/** Whether the tour kept under `flagKey` runs on this visit, and a way to close it (the flag moves once a visit). */
export function useGuidedTour(flagKey: string): { isRunning: boolean; close: () => void } {
  const [step] = useState(() => nextTourStep(readTourFlag(flagKey)));
  const [isRunning, setRunning] = useState(step.shouldRun);
  // Writes the value computed from the flag read at first render: a second run (StrictMode) writes the same.
  useEffect(() => writeTourFlag(flagKey, step.next), [flagKey, step]);
  return { isRunning, close: () => setRunning(false) };
}

/**
 * A small popover in the flow (never over the fields), pointing at what it explains: a title, one
 * sentence (its id is `${id}-text`, for the highlighted control's aria-describedby), a close button.
 */
export function TourPopover({
  id,
  title,
  text,
  closeLabel,
  testId,
  pointsDown = false,
  onClose,
}: {
  id: string;
  title: string;
  text: string;
  closeLabel: string;
  testId?: string;
  /** Above what it explains (pointing down) instead of below it. */
  pointsDown?: boolean;
  onClose: () => void;
}) {
  return (
    <section
      className={`${styles.popover} ${pointsDown ? styles.pointsDown : ''}`}
      aria-labelledby={`${id}-title`}
      data-testid={testId}
    >
      <h2 id={`${id}-title`}>{title}</h2>
      <p id={`${id}-text`}>{text}</p>
      <button
        type="button"
        className={styles.popoverClose}
        aria-label={closeLabel}
        title={closeLabel}
        onClick={onClose}
      >
        ×
      </button>
    </section>
  );
}
