import { type ReactNode, useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../ui/icons';
import styles from './dialog.module.css';

/**
 * A native `<dialog>` shown modally while mounted (the browser keeps focus inside, Escape closes it, focus
 * returns to what opened it), titled, with a close button. `children` gets `close` to end it from inside.
 * React passes a nested dialog's `close` up to its parents' `onClose`: only this dialog's own close counts.
 */
export function ModalDialog({
  title,
  onClose,
  children,
}: {
  title: string;
  onClose: () => void;
  children: (close: () => void) => ReactNode;
}) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);
  const close = () => ref.current?.close();

  return (
    <dialog
      ref={ref}
      className={styles.dialog}
      aria-labelledby={titleId}
      onClose={(e) => e.target === e.currentTarget && onClose()}
    >
      <div className={styles.header}>
        <h2 id={titleId}>{title}</h2>
        <button
          type="button"
          className={`button ${styles.close}`}
          aria-label={t('registration.close')}
          onClick={close}
        >
          <Icon name="close" />
        </button>
      </div>
      {children(close)}
    </dialog>
  );
}
