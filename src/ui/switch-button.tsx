import type { ButtonHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './notification-switches.module.css';

/**
 * An on/off switch (role="switch"): a knob, and the state in words too, never in colour only. The
 * caller gives its accessible name (aria-labelledby or aria-label) and what a click does.
 */
export function SwitchButton({
  isOn,
  ...buttonProps
}: { isOn: boolean } & Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'role' | 'className'>) {
  const { t } = useTranslation();
  return (
    <button type="button" role="switch" className={styles.switch} aria-checked={isOn} {...buttonProps}>
      <span className={styles.knob} aria-hidden="true" />
      <span aria-hidden="true">{t(isOn ? 'profile.switch_on' : 'profile.switch_off')}</span>
    </button>
  );
}
