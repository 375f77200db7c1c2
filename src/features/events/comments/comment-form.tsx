import type { EventDto } from '@common/contract/event';
import type { User } from '@common/contract/user';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { postComment } from '../../../data/comments';
import { useIsOnline } from '../../../data/sync-status';
import { errorText } from '../../../i18n/error-text';
import { CommentField, isSendable } from './comment-field';
import styles from './comments.module.css';

/** A child the user may write for: a minor they are an unrestricted guardian of. */
export interface Writer {
  id: string;
  name: string;
}

/**
 * A new message. It goes through the outbox, so it is sent with no signal too: it shows at once at the
 * bottom of the thread, « à envoyer » until the server takes it. A guardian may write for a minor child
 * (« pour Lou »); the account that writes stays the author.
 */
export function CommentForm({ event, user, minors }: { event: EventDto; user: User; minors: Writer[] }) {
  const { t } = useTranslation();
  const offlineId = useId();
  const asId = useId();
  const isOnline = useIsOnline();
  const [text, setText] = useState('');
  const [actingFor, setActingFor] = useState('');
  const [isSending, setIsSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const canSend = isSendable(text) && !isSending;

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!canSend) return;
    setIsSending(true);
    setError(null);
    try {
      const writer = minors.some((minor) => minor.id === actingFor) ? actingFor : null;
      await postComment(user, event.uuid_event, { text, actingFor: writer });
      setText('');
    } catch (failure) {
      setError(errorText(t, failure));
    } finally {
      setIsSending(false);
    }
  }

  return (
    <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
      {minors.length > 0 && (
        <div className={styles.field}>
          <label htmlFor={asId}>{t('comments.write_as')}</label>
          <select id={asId} value={actingFor} onChange={(e) => setActingFor(e.target.value)}>
            <option value="">{t('comments.as_me')}</option>
            {minors.map((minor) => (
              <option key={minor.id} value={minor.id}>
                {t('comments.as_child', { name: minor.name })}
              </option>
            ))}
          </select>
        </div>
      )}
      <CommentField
        label={t('comments.write_label')}
        value={text}
        onChange={setText}
        describedBy={isOnline ? undefined : offlineId}
      />
      {!isOnline && (
        <p id={offlineId} className={styles.hint}>
          {t('comments.send_offline')}
        </p>
      )}
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      <div className={styles.actions}>
        <button type="submit" className="button button-primary" disabled={!canSend}>
          {t('comments.send')}
        </button>
      </div>
    </form>
  );
}
