import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../i18n/error-text';
import { ModalDialog } from '../../../ui/modal-dialog';
import dialogStyles from '../dialog.module.css';
import styles from './editor.module.css';
import repeatStyles from './repeat.module.css';
import type { SeriesScope } from './series-changes';
import { SeriesScopeChoice } from './series-scope';

/**
 * Cancelling a session of a series: this one, or this one and the following. The members are told either
 * way, so the choice is asked before anything is sent; "Retour" has the focus (the harmless answer).
 */
export function SeriesCancelDialog({
  message,
  isOnline,
  onConfirm,
  onClose,
}: {
  /** Names the session: "Annuler la séance Kayak du mar. 06/01/27 ?" */
  message: string;
  isOnline: boolean;
  onConfirm: (scope: SeriesScope) => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const messageId = useId();
  const offlineId = useId();
  const backRef = useRef<HTMLButtonElement>(null);
  const [scope, setScope] = useState<SeriesScope>('one');
  const [isBusy, setIsBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => backRef.current?.focus(), []);

  async function confirm(close: () => void) {
    if (isBusy || !isOnline) return;
    setIsBusy(true);
    setError(null);
    try {
      await onConfirm(scope);
      setIsBusy(false);
      close();
    } catch (failure) {
      setError(errorText(t, failure));
      setIsBusy(false);
    }
  }

  return (
    <ModalDialog
      title={t('series.cancel_title')}
      role="alertdialog"
      describedBy={messageId}
      isBusy={isBusy}
      onClose={onClose}
    >
      {(close) => (
        <div className={dialogStyles.body}>
          <p id={messageId} className={repeatStyles.preview}>
            {message}
          </p>
          <SeriesScopeChoice
            name="series-cancel-scope"
            value={scope}
            onChange={setScope}
            isDisabled={isBusy}
          />
          {error && (
            <p className={styles.error} role="alert">
              {error}
            </p>
          )}
          {!isOnline && (
            <p id={offlineId} className={styles.hint} role="status">
              {t('series.offline')}
            </p>
          )}
          <div className={styles.buttons}>
            <button ref={backRef} type="button" className="button" disabled={isBusy} onClick={close}>
              {t('series.back')}
            </button>
            <button
              type="button"
              className={`button ${styles.danger}`}
              aria-disabled={isBusy || !isOnline}
              aria-describedby={isOnline ? undefined : offlineId}
              onClick={() => void confirm(close)}
            >
              {isBusy ? t('eventForm.busy') : t('series.cancel_confirm')}
            </button>
          </div>
        </div>
      )}
    </ModalDialog>
  );
}
