import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  fetchSystemEmailSettings,
  type NotificationSetting,
  saveSystemEmailSetting,
} from '../../data/email-settings';
import { useIsOnline } from '../../data/sync-status';
import { errorText } from '../../i18n/error-text';
import { useCurrentUser } from '../../state/session';
import { showToast } from '../../state/toast-store';
import form from '../../ui/form.module.css';
import { TourPopover, useGuidedTour } from '../../ui/guided-tour';
import { NotificationSwitches } from '../../ui/notification-switches';
import { SettingsPage } from '../../ui/settings-page';
import styles from './email-settings.module.css';
import { SenderSection } from './sender-section';

/** The email settings tour's first-visit flag in localStorage. */
export const EMAIL_TOUR_FLAG_KEY = 'emailSettingsTour';

type Loaded = { status: 'loading' } | { status: 'failed'; error: string } | { status: 'ready' };

/**
 * /settings/email (admin): who the club's mails come from, a test mail, and the club-wide switch of each
 * notification type, each saved at once (online).
 */
export function EmailSettingsScreen() {
  const { t } = useTranslation();
  const id = useId();
  const user = useCurrentUser();
  const isOnline = useIsOnline();
  const tour = useGuidedTour(EMAIL_TOUR_FLAG_KEY);
  const [settings, setSettings] = useState<NotificationSetting[]>([]);
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  const [savingName, setSavingName] = useState<string | null>(null);
  const userId = user?.id;

  useEffect(() => {
    if (!userId) return;
    let isCurrent = true;
    fetchSystemEmailSettings(userId).then(
      (list) => {
        if (!isCurrent) return;
        setSettings(list);
        setLoaded({ status: 'ready' });
      },
      (error: unknown) => isCurrent && setLoaded({ status: 'failed', error: errorText(t, error) }),
    );
    return () => {
      isCurrent = false;
    };
  }, [userId, t]);

  async function toggle(setting: NotificationSetting) {
    if (!userId || savingName !== null) return;
    tour.close(); // the admin found the switches
    setSavingName(setting.name);
    try {
      setSettings(await saveSystemEmailSetting(userId, { name: setting.name, active: !setting.active }));
      showToast('success', 'emailSettings.settings_updated');
    } catch (error) {
      showToast('error', 'emailSettings.update_error', errorText(t, error));
    } finally {
      setSavingName(null);
    }
  }

  return (
    <SettingsPage title={t('emailSettings.title')}>
      <p className={styles.intro}>{t('emailSettings.intro')}</p>
      {tour.isRunning && loaded.status === 'ready' && (
        <TourPopover
          id={`${id}-tour`}
          title={t('emailSettings.tour_title')}
          text={t('emailSettings.tour_text')}
          closeLabel={t('emailSettings.tour_close')}
          testId="email-settings-tour"
          pointsDown
          onClose={tour.close}
        />
      )}
      {!isOnline && (
        <p id={`${id}-offline`} className={styles.intro} role="status">
          {t('emailSettings.offline')}
        </p>
      )}
      {loaded.status === 'loading' && <p role="status">{t('emailSettings.loading')}</p>}
      {loaded.status === 'failed' && (
        <p className={form.failure} role="alert">
          {t('emailSettings.load_error')} {loaded.error}
        </p>
      )}
      {loaded.status === 'ready' && (
        <NotificationSwitches
          settings={settings}
          label={t('emailSettings.list_label')}
          descriptionOf={(setting) => t(`emailSettings.${setting.name}_description`)}
          savingName={savingName}
          isDisabled={!isOnline}
          disabledReasonId={`${id}-offline`}
          onToggle={(setting) => void toggle(setting)}
        />
      )}
      <SenderSection isOnline={isOnline} />
    </SettingsPage>
  );
}
