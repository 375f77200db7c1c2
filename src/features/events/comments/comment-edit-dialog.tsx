import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Comment, editComment } from '../../../data/comments';
import { useIsOnline } from '../../../data/sync-status';
import { errorText } from '../../../i18n/error-text';
import { ModalDialog } from '../../../ui/modal-dialog';
import { CommentField, isSendable } from './comment-field';
import styles from './comments.module.css';

/** The author's new text, over the sheet; online only (the server says whether the thread is still open). */
export function CommentEditDialog({ comment, onClose }: { comment: Comment; onClose: () => void }) {
  const { t } = useTranslation();
  const offlineId = useId();
  const isOnline = useIsOnline();
  const [text, setText] = useState(comment.text);
  const [isSaving, setIsSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The same words again would only mark it « modifié ».
  const canSave = isSendable(text) && text.trim() !== comment.text && isOnline && !isSaving;

  async function submit(e: FormEvent, close: () => void) {
    e.preventDefault();
    if (!canSave) return;
    setIsSaving(true);
    setError(null);
    try {
      await editComment(comment, text);
      close();
    } catch (failure) {
      setError(errorText(t, failure));
      setIsSaving(false);
    }
  }

  return (
    <ModalDialog title={t('comments.edit_title')} onClose={onClose} isBusy={isSaving}>
      {(close) => (
        <form
          className={`${styles.form} ${styles.dialogBody}`}
          onSubmit={(e) => void submit(e, close)}
          noValidate
        >
          <CommentField label={t('comments.write_label')} value={text} onChange={setText} />
          {!isOnline && (
            <p id={offlineId} className={styles.hint} role="status">
              {t('comments.needs_network')}
            </p>
          )}
          {error && (
            <p className={styles.error} role="alert">
              {error}
            </p>
          )}
          <div className={styles.actions}>
            <button
              type="submit"
              className="button button-primary"
              disabled={!canSave}
              aria-describedby={isOnline ? undefined : offlineId}
            >
              {t('comments.save')}
            </button>
            <button type="button" className="button" disabled={isSaving} onClick={close}>
              {t('comments.cancel')}
            </button>
          </div>
        </form>
      )}
    </ModalDialog>
  );
}
