import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isPushSupported, turnPushOn } from '../../data/push';
import { ModalDialog } from '../../ui/modal-dialog';
import styles from './dialog.module.css';

// Its own chunk (the steps' drawings): the welcome's words show first, the install help a moment later.
const InstallGuide = lazy(() =>
  import('../../ui/install/install-guide').then((m) => ({ default: m.InstallGuide })),
);

type PushChoice = 'idle' | 'asking' | 'on' | 'denied' | 'unsupported';

/**
 * The welcome after the first password: the week, how to answer, and notifications, whose permission the
 * browser asks only now, from the member's tap, never on page load. Then how to install, with pictures.
 */
export function WelcomeDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const installHeadingId = useId();
  const [push, setPush] = useState<PushChoice>(() => (isPushSupported() ? 'idle' : 'unsupported'));
  const enable = () => {
    setPush('asking');
    turnPushOn().then(
      (state) => setPush(state === 'on' ? 'on' : state === 'denied' ? 'denied' : 'idle'),
      () => setPush('unsupported'),
    );
  };
  return (
    <ModalDialog title={t('welcome.title')} onClose={onClose}>
      {(close) => (
        <div className={styles.body} data-testid="welcome">
          <p className={styles.text}>{t('welcome.week')}</p>
          <p className={styles.text}>{t('welcome.answer')}</p>
          <p className={styles.text}>{t('welcome.notifications')}</p>
          {(push === 'idle' || push === 'asking') && (
            <div className={styles.buttons}>
              <button type="button" className="button" disabled={push === 'asking'} onClick={enable}>
                {t('welcome.notifications_button')}
              </button>
            </div>
          )}
          {push !== 'idle' && push !== 'asking' && (
            <p className={styles.hint} role="status">
              {t(`welcome.notifications_${push}`)}
            </p>
          )}
          <section aria-labelledby={installHeadingId}>
            <h3 id={installHeadingId}>{t('install.title')}</h3>
            <Suspense fallback={null}>
              <InstallGuide />
            </Suspense>
          </section>
          <div className={styles.buttons}>
            <button type="button" className="button button-primary" onClick={close}>
              {t('welcome.start')}
            </button>
          </div>
        </div>
      )}
    </ModalDialog>
  );
}
