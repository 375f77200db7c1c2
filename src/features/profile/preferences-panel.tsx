import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { NotificationSetting } from '../../common/contract/notifications';
import { fetchPreferences, savePreference } from '../../data/profile';
import { errorText } from '../../i18n/error-text';
import { showToast } from '../../state/toast-store';
import styles from './preferences-panel.module.css';

/** The member's notification switches; each one saves at once (online only). */
export function PreferencesPanel({ userId, isOnline }: { userId: string; isOnline: boolean }) {
  const { t } = useTranslation();
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
        <p className={styles.description} role="status">
          {t('profile.offline')}
        </p>
      )}
      <ul className={styles.preferences} aria-label={t('profile.preferences_label')}>
        {settings.map((setting) => (
          <li key={setting.name} className={`card ${styles.preference}`}>
            <div>
              <strong id={`pref-${setting.name}`}>{t(`notifications.${setting.name}`)}</strong>
              <p id={`pref-${setting.name}-text`} className={styles.description}>
                {t(`notifications.${setting.description}`, { defaultValue: setting.description })}
              </p>
            </div>
            <button
              type="button"
              role="switch"
              className={styles.switch}
              aria-checked={setting.active}
              aria-labelledby={`pref-${setting.name}`}
              aria-describedby={`pref-${setting.name}-text`}
              aria-busy={savingName === setting.name}
              disabled={!isOnline}
              onClick={() => void toggle(setting)}
            >
              <span className={styles.knob} aria-hidden="true" />
              <span aria-hidden="true">{t(setting.active ? 'profile.switch_on' : 'profile.switch_off')}</span>
            </button>
          </li>
        ))}
      </ul>
    </>
  );
}
