import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import styles from './settings-page.module.css';

/** One settings screen: a way back to /settings, its title, an optional action (an add button), its body. */
export function SettingsPage({
  title,
  action,
  children,
}: {
  title: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <section className={styles.page}>
      <div className={styles.head}>
        <Link to="/settings" className="button">
          <span aria-hidden="true">←</span>
          {t('app.back')}
        </Link>
        <h1 className={styles.title}>{title}</h1>
        {action}
      </div>
      {children}
    </section>
  );
}

/** The plus button of a settings list; online only, described by the visible reason when disabled. */
export function AddButton({
  label,
  isOnline,
  offlineReasonId,
  onClick,
}: {
  label: string;
  isOnline: boolean;
  offlineReasonId: string;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      className={`button button-primary ${styles.add}`}
      aria-label={label}
      title={label}
      aria-describedby={isOnline ? undefined : offlineReasonId}
      disabled={!isOnline}
      onClick={onClick}
    >
      <span aria-hidden="true">+</span>
    </button>
  );
}
