import { LIMITS } from '@common/contract/limits';
import { type ChangeEvent, type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { editNews, type NewsPost, pictureProblem, postNews } from '../../data/news';
import { errorText } from '../../i18n/error-text';
import { showToast } from '../../state/toast-store';
import form from '../../ui/form.module.css';
import { ModalDialog } from '../../ui/modal-dialog';
import styles from './news.module.css';

const isBlank = (text: string) => text.trim() === '';

/**
 * Posts (post null) or edits a news item: title, text and an optional picture, online only. A picture the
 * server would refuse is refused here before anything is sent; a refused save keeps what was typed.
 */
export function NewsDialog({
  post,
  isOnline,
  onClose,
}: {
  post: NewsPost | null;
  isOnline: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const titleRef = useRef<HTMLInputElement>(null);
  const [title, setTitle] = useState(post?.title ?? '');
  const [text, setText] = useState(post?.text ?? '');
  const [picture, setPicture] = useState<File | null>(null);
  const [pictureError, setPictureError] = useState<string | null>(null);
  const [removePicture, setRemovePicture] = useState(false);
  const [showErrors, setShowErrors] = useState(false);
  const [isSaving, setIsSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const titleError = showErrors && isBlank(title);
  const textError = showErrors && isBlank(text);

  function choosePicture(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0] ?? null;
    const problem = file ? pictureProblem(file) : null;
    if (file && problem) {
      event.target.value = '';
      setPicture(null);
      setPictureError(t(problem === 'too_large' ? 'news.picture_too_large' : 'news.picture_unsupported'));
      return;
    }
    setPictureError(null);
    setPicture(file);
  }

  async function submit(event: FormEvent, close: () => void) {
    event.preventDefault();
    if (isSaving || !isOnline) return;
    if (isBlank(title) || isBlank(text)) {
      setShowErrors(true);
      if (isBlank(title)) titleRef.current?.focus();
      return;
    }
    setIsSaving(true);
    setFailure(null);
    const draft = { title, text, picture, removePicture };
    try {
      if (post) await editNews(post.uuid, draft);
      else await postNews(draft);
      showToast('success', post ? 'news.updated' : 'news.posted');
      setIsSaving(false);
      close();
    } catch (error) {
      setFailure(t('news.post_error', { reason: errorText(t, error) }));
      setIsSaving(false);
    }
  }

  const busyKey = post ? 'news.saving' : 'news.publishing';
  return (
    <ModalDialog title={t(post ? 'news.edit_title' : 'news.new_title')} onClose={onClose} isBusy={isSaving}>
      {(close) => (
        <form className={form.form} onSubmit={(event) => void submit(event, close)} noValidate>
          <div className={form.field}>
            <label htmlFor={`${id}-title`}>{t('news.title_label')}</label>
            <input
              ref={titleRef}
              id={`${id}-title`}
              value={title}
              maxLength={LIMITS.newsTitleMax}
              required
              aria-invalid={titleError}
              aria-describedby={titleError ? `${id}-title-error` : undefined}
              onChange={(event) => setTitle(event.target.value)}
            />
            {titleError && (
              <p id={`${id}-title-error`} className={form.error}>
                {t('news.required')}
              </p>
            )}
          </div>
          <div className={form.field}>
            <label htmlFor={`${id}-text`}>{t('news.text_label')}</label>
            <textarea
              id={`${id}-text`}
              value={text}
              maxLength={LIMITS.newsTextMax}
              rows={6}
              required
              aria-invalid={textError}
              aria-describedby={`${id}-text-count${textError ? ` ${id}-text-error` : ''}`}
              onChange={(event) => setText(event.target.value)}
            />
            <p id={`${id}-text-count`} className={form.hint}>
              {t('news.characters_left', { count: LIMITS.newsTextMax - text.length })}
            </p>
            {textError && (
              <p id={`${id}-text-error`} className={form.error}>
                {t('news.required')}
              </p>
            )}
          </div>
          <div className={form.field}>
            <label htmlFor={`${id}-picture`}>{t('news.picture_label')}</label>
            <input
              id={`${id}-picture`}
              type="file"
              accept="image/jpeg,image/png,image/webp"
              aria-invalid={pictureError !== null}
              aria-describedby={`${id}-picture-hint${pictureError ? ` ${id}-picture-error` : ''}`}
              onChange={choosePicture}
            />
            <p id={`${id}-picture-hint`} className={form.hint}>
              {t('news.picture_hint')}
            </p>
            {pictureError && (
              <p id={`${id}-picture-error`} className={form.error} role="alert">
                {pictureError}
              </p>
            )}
          </div>
          {post?.picture_url && !picture && (
            <div className={styles.currentPicture}>
              {!removePicture && <img src={post.picture_url} alt={t('news.picture_current')} />}
              <label className={form.choice}>
                <input
                  type="checkbox"
                  checked={removePicture}
                  onChange={(event) => setRemovePicture(event.target.checked)}
                />
                {t('news.picture_remove')}
              </label>
            </div>
          )}
          {failure && (
            <p className={form.failure} role="alert">
              {failure}
            </p>
          )}
          {!isOnline && (
            <p id={`${id}-offline`} className={form.hint} role="status">
              {t('news.offline')}
            </p>
          )}
          <div className={form.buttons}>
            <button
              type="submit"
              className="button button-primary"
              disabled={!isOnline || isSaving}
              aria-describedby={isOnline ? undefined : `${id}-offline`}
            >
              {t(isSaving ? busyKey : post ? 'news.save' : 'news.publish')}
            </button>
            <button type="button" className="button" disabled={isSaving} onClick={close}>
              {t('news.cancel')}
            </button>
          </div>
        </form>
      )}
    </ModalDialog>
  );
}
