import type { NotificationSetting } from '@common/contract/notifications';
import { useTranslation } from 'react-i18next';
import styles from './notification-switches.module.css';
import { SwitchButton } from './switch-button';

/**
 * Notification types as on/off switches, each with its name and description (a member's preferences or
 * the club's email settings). The state is in words too, never in colour only.
 */
export function NotificationSwitches({
  settings,
  label,
  descriptionOf,
  savingName,
  isDisabled,
  disabledReasonId,
  onToggle,
}: {
  settings: NotificationSetting[];
  label: string;
  descriptionOf: (setting: NotificationSetting) => string;
  /** The switch being saved (busy); null when none. */
  savingName: string | null;
  isDisabled: boolean;
  disabledReasonId?: string;
  onToggle: (setting: NotificationSetting) => void;
}) {
  const { t } = useTranslation();
  return (
    <ul className={styles.preferences} aria-label={label}>
      {settings.map((setting) => (
        <li key={setting.name} className={`card ${styles.preference}`}>
          <div>
            <strong id={`pref-${setting.name}`}>{t(`notifications.${setting.name}`)}</strong>
            <p id={`pref-${setting.name}-text`} className={styles.description}>
              {descriptionOf(setting)}
            </p>
          </div>
          <SwitchButton
            isOn={setting.active}
            aria-labelledby={`pref-${setting.name}`}
            aria-describedby={[`pref-${setting.name}-text`, isDisabled ? disabledReasonId : undefined]
              .filter(Boolean)
              .join(' ')}
            aria-busy={savingName === setting.name}
            disabled={isDisabled}
            onClick={() => onToggle(setting)}
          />
        </li>
      ))}
    </ul>
  );
}
