import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../i18n/error-text';
import confirmStyles from './confirm-dialog.module.css';
import { ModalDialog } from './modal-dialog';

/**
 * A dialog that asks for the password with a change (a new email, a new password): its fields, the
 * refusal in words, « Annuler » and the button that sends. `onSubmit` either answers a refusal found before
 * any round trip, or makes the write (a server refusal thrown is said in the dialog, which stays open); the
 * dialog closes once it succeeded. While it runs, nothing closes the dialog.
 */
export function FormDialog({
  title,
  saveLabel,
  savingLabel,
  onSubmit,
  onClose,
  children,
}: {
  title: string;
  saveLabel: string;
  savingLabel: string;
  onSubmit: () => Promise<string | undefined>;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const [isBusy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function save(event: FormEvent, close: () => void) {
    event.preventDefault();
    if (isBusy) return;
    setBusy(true);
    setError(null);
    try {
      const refusal = await onSubmit();
      setBusy(false);
      if (refusal) setError(refusal);
      else close();
    } catch (failure) {
      setError(errorText(t, failure));
      setBusy(false);
    }
  }

  return (
    <ModalDialog title={title} onClose={onClose} isBusy={isBusy}>
      {(close) => (
        <form className={confirmStyles.body} onSubmit={(event) => void save(event, close)}>
          {children}
          {error && (
            <p className={confirmStyles.error} role="alert">
              {error}
            </p>
          )}
          <div className={confirmStyles.buttons}>
            <button type="button" className="button" disabled={isBusy} onClick={close}>
              {t('confirm.cancel')}
            </button>
            <button type="submit" className="button button-primary" aria-disabled={isBusy}>
              {isBusy ? savingLabel : saveLabel}
            </button>
          </div>
        </form>
      )}
    </ModalDialog>
  );
}
