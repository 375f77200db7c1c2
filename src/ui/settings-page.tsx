import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ScreenHeader } from './screen-header';
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
      <ScreenHeader backTo="/settings" backLabel={t('app.back_to_settings')} title={title}>
        {action}
      </ScreenHeader>
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
