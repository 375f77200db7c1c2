import type { NotificationSetting } from '@common/contract/notifications';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchPreferences, savePreference } from '../../data/profile';
import { errorText } from '../../i18n/error-text';
import { showToast } from '../../state/toast-store';
import { NotificationSwitches } from '../../ui/notification-switches';
import styles from './preferences-panel.module.css';
import { PushDeviceSection } from './push-device-section';

/** The member's notification switches, each saving at once (online only), then this device's pushes. */
export function PreferencesPanel({ userId, isOnline }: { userId: string; isOnline: boolean }) {
  const { t } = useTranslation();
  const offlineId = useId();
  const [settings, setSettings] = useState<NotificationSetting[] | null>(null);
  const [savingName, setSavingName] = useState<string | null>(null);

  useEffect(() => {
    let isCurrent = true;
    fetchPreferences(userId)
      .then((list) => isCurrent && setSettings(list))
      .catch((error: unknown) => isCurrent && showToast('error', 'error_fetch', errorText(t, error)));
    return () => {
      isCurrent = false;
    };
  }, [userId, t]);

  async function toggle(setting: NotificationSetting) {
    if (savingName !== null) return;
    setSavingName(setting.name);
    try {
      setSettings(await savePreference(userId, { name: setting.name, active: !setting.active }));
      showToast('success', 'settings_updated');
    } catch (error) {
      showToast('error', 'error_fetch', errorText(t, error));
    } finally {
      setSavingName(null);
    }
  }

  if (!settings) return <p role="status">{t('profile.preferences_loading')}</p>;
  return (
    <>
      {!isOnline && (
        <p id={offlineId} className={styles.description} role="status">
          {t('profile.offline')}
        </p>
      )}
      <NotificationSwitches
        settings={settings}
        label={t('profile.preferences_label')}
        descriptionOf={(setting) =>
          t(`notifications.${setting.description}`, { defaultValue: setting.description })
        }
        savingName={savingName}
        isDisabled={!isOnline}
        disabledReasonId={offlineId}
        onToggle={(setting) => void toggle(setting)}
      />
      <PushDeviceSection isOnline={isOnline} />
    </>
  );
}
