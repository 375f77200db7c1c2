import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsOnline } from '../../data/sync-status';
import { SettingsPage } from '../../ui/settings-page';
import styles from './app-settings.module.css';
import { ClubForm } from './club-form';
import { LogoUpload } from './logo-upload';
import { SloganForm } from './slogan-form';

/** /settings/app (admin): the club's name, colour, reminder delay, slogan and logo, changed online; the header follows at once. */
export function AppSettingsScreen() {
  const { t } = useTranslation();
  const offlineId = useId();
  const isOnline = useIsOnline();
  return (
    <SettingsPage title={t('appSettings.title')}>
      {!isOnline && (
        <p id={offlineId} className={styles.offline} role="status">
          {t('appSettings.offline')}
        </p>
      )}
      <ClubForm isOnline={isOnline} offlineReasonId={offlineId} />
      <SloganForm isOnline={isOnline} offlineReasonId={offlineId} />
      <LogoUpload isOnline={isOnline} offlineReasonId={offlineId} />
    </SettingsPage>
  );
}
