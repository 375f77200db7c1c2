import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PushServiceError } from '../../data/push';
import { errorText } from '../../i18n/error-text';
import { showToast } from '../../state/toast-store';
import { SwitchButton } from '../../ui/switch-button';
import styles from './push-device.module.css';
import { usePushDevice } from './use-push-device';

/**
 * "Notifications on this device": web push for this browser (online only). The browser asks its
 * permission only when the member turns it on; a browser without push, or a permission the member
 * refused, is said in words with what to do, and the switch is then disabled.
 */
export function PushDeviceSection({ isOnline }: { isOnline: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  const { state, isWorking, toggle } = usePushDevice();
  const [error, setError] = useState<string | null>(null);

  const blocker = state === 'unsupported' || state === 'denied' ? state : !isOnline ? 'offline' : null;
  const isDisabled = state === 'checking' || blocker !== null || isWorking;

  async function onToggle() {
    setError(null);
    try {
      const next = await toggle();
      if (next === 'on') showToast('success', 'push.enabled');
      if (next === 'off' && state === 'on') showToast('success', 'push.disabled');
    } catch (caught) {
      setError(caught instanceof PushServiceError ? t('push.failed_no_service') : errorText(t, caught));
    }
  }

  return (
    <section className={`card ${styles.device}`} aria-labelledby={`${id}-title`}>
      <div className={styles.row}>
        <div>
          <h2 id={`${id}-title`} className={styles.title}>
            {t('push.device_title')}
          </h2>
          <p id={`${id}-text`} className={styles.note}>
            {t('push.device_text')}
          </p>
        </div>
        <SwitchButton
          isOn={state === 'on'}
          aria-labelledby={`${id}-title`}
          aria-describedby={[`${id}-text`, blocker ? `${id}-blocker` : undefined].filter(Boolean).join(' ')}
          aria-busy={state === 'checking' || isWorking}
          disabled={isDisabled}
          onClick={() => void onToggle()}
        />
      </div>
      {state === 'checking' && <p role="status">{t('push.checking')}</p>}
      {isWorking && <p role="status">{t('push.working')}</p>}
      {blocker && (
        <p id={`${id}-blocker`} className={styles.blocker} role="status">
          {t(`push.${blocker}`)}
        </p>
      )}
      {error && (
        <p className={styles.error} role="alert">
          {`${t('push.failed')} ${error}`}
        </p>
      )}
    </section>
  );
}
