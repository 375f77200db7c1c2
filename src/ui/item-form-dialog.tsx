import { LIMITS } from '@common/contract/limits';
import { type FormEvent, type ReactNode, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../i18n/error-text';
import styles from './form.module.css';
import { ModalDialog } from './modal-dialog';

export interface ItemValues {
  name: string;
  description: string;
}

const isBlank = (text: string) => text.trim() === '';

/**
 * The create/edit form of a named item (event model, stuff) in a dialog: name and description required
 * ("Champ obligatoire" once the user tried to save), `children` for more fields, online only. A refused save
 * keeps the dialog open with what was typed and the server's reason.
 */
export function ItemFormDialog<Values extends ItemValues>({
  title,
  values,
  isOnline,
  onChange,
  hasInvalidExtra = false,
  onSave,
  onClose,
  children,
}: {
  title: string;
  values: Values;
  isOnline: boolean;
  onChange: (values: Values) => void;
  /** Whether the fields given as children hold an error (they show it when `showErrors`). */
  hasInvalidExtra?: boolean;
  onSave: () => Promise<void>;
  onClose: () => void;
  children?: (showErrors: boolean) => ReactNode;
}) {
  const { t } = useTranslation();
  const id = useId();
  const nameRef = useRef<HTMLInputElement>(null);
  const [showErrors, setShowErrors] = useState(false);
  const [isSaving, setIsSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const nameError = showErrors && isBlank(values.name);
  const descriptionError = showErrors && isBlank(values.description);

  async function submit(event: FormEvent, close: () => void) {
    event.preventDefault();
    if (isSaving || !isOnline) return;
    if (isBlank(values.name) || isBlank(values.description) || hasInvalidExtra) {
      setShowErrors(true);
      if (isBlank(values.name)) nameRef.current?.focus();
      return;
    }
    setIsSaving(true);
    setFailure(null);
    try {
      await onSave();
      setIsSaving(false);
      close();
    } catch (error) {
      setFailure(errorText(t, error));
      setIsSaving(false);
    }
  }

  return (
    <ModalDialog title={title} onClose={onClose} isBusy={isSaving}>
      {(close) => (
        <form className={styles.form} onSubmit={(event) => void submit(event, close)} noValidate>
          <div className={styles.field}>
            <label htmlFor={`${id}-name`}>{t('catalog.name')}</label>
            <input
              ref={nameRef}
              id={`${id}-name`}
              value={values.name}
              maxLength={LIMITS.nameMax}
              required
              aria-invalid={nameError}
              aria-describedby={nameError ? `${id}-name-error` : undefined}
              onChange={(event) => onChange({ ...values, name: event.target.value })}
            />
            {nameError && (
              <p id={`${id}-name-error`} className={styles.error}>
                {t('catalog.required')}
              </p>
            )}
          </div>
          <div className={styles.field}>
            <label htmlFor={`${id}-description`}>{t('catalog.description')}</label>
            <textarea
              id={`${id}-description`}
              value={values.description}
              maxLength={LIMITS.descriptionMax}
              rows={3}
              required
              aria-invalid={descriptionError}
              aria-describedby={descriptionError ? `${id}-description-error` : undefined}
              onChange={(event) => onChange({ ...values, description: event.target.value })}
            />
            {descriptionError && (
              <p id={`${id}-description-error`} className={styles.error}>
                {t('catalog.required')}
              </p>
            )}
          </div>
          {children?.(showErrors)}
          {failure && (
            <p className={styles.failure} role="alert">
              {failure}
            </p>
          )}
          {!isOnline && (
            <p id={`${id}-offline`} className={styles.hint} role="status">
              {t('catalog.offline')}
            </p>
          )}
          <div className={styles.buttons}>
            <button
              type="submit"
              className="button button-primary"
              disabled={!isOnline || isSaving}
              aria-describedby={isOnline ? undefined : `${id}-offline`}
            >
              {t(isSaving ? 'catalog.saving' : 'catalog.save')}
            </button>
            <button type="button" className="button" disabled={isSaving} onClick={close}>
              {t('catalog.cancel')}
            </button>
          </div>
        </form>
      )}
    </ModalDialog>
  );
}
