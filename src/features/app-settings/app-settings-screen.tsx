import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsOnline } from '../../data/sync-status';
import { SettingsPage } from '../../ui/settings-page';
import styles from './app-settings.module.css';
import { BrandForm } from './brand-form';
import { ClubForm } from './club-form';
import { MemberFileForm } from './member-file-form';
import { useClubSettings } from './use-club-settings';

/**
 * /settings/app (admin): the club's look in one form (name, short name, colour, slogan, logo), then the
 * reminder delay and the attendee list, then the members' files (member-file-form.tsx); changed online, the
 * header follows at once.
 */
export function AppSettingsScreen() {
  const { t } = useTranslation();
  const offlineId = useId();
  const statusId = useId();
  const isOnline = useIsOnline();
  const { saved, setSaved, load } = useClubSettings(isOnline);
  return (
    <SettingsPage title={t('appSettings.title')}>
      {!isOnline && (
        <p id={offlineId} className={styles.offline} role="status">
          {t('appSettings.offline')}
        </p>
      )}
      {saved === 'loading' || saved === 'failed' ? (
        <section className={`card ${styles.section}`} aria-labelledby={statusId}>
          <h2 id={statusId}>{t('appSettings.brand_section')}</h2>
          {saved === 'loading' ? (
            // Offline, the screen's own notice says why (one status, not two).
            <p role={isOnline ? 'status' : undefined} aria-describedby={isOnline ? undefined : offlineId}>
              {t(isOnline ? 'appSettings.club_loading' : 'appSettings.club_load_error')}
            </p>
          ) : (
            <div className={styles.row}>
              <p role="alert">{t('appSettings.club_load_error')}</p>
              <button type="button" className="button" onClick={load} disabled={!isOnline}>
                {t('appSettings.club_retry')}
              </button>
            </div>
          )}
        </section>
      ) : (
        <>
          <BrandForm saved={saved} onSaved={setSaved} isOnline={isOnline} offlineReasonId={offlineId} />
          <ClubForm saved={saved} onSaved={setSaved} isOnline={isOnline} offlineReasonId={offlineId} />
          <MemberFileForm saved={saved} onSaved={setSaved} isOnline={isOnline} offlineReasonId={offlineId} />
        </>
      )}
    </SettingsPage>
  );
}
