import type { EventDto } from '@common/contract/event';
import type { User } from '@common/contract/user';
import { mayDeleteComment, mayEditComment } from '@common/rules/comments';
import { factsOf } from '@common/rules/events';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Comment, deleteComment, discardComment, type QueuedComment } from '../../../data/comments';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { Avatar } from '../attendees/avatar';
import { CommentEditDialog } from './comment-edit-dialog';
import { CommentText } from './comment-text';
import { authorName, CommentTime, fullName, signature } from './comment-words';
import styles from './comments.module.css';

/**
 * One comment of the thread. Edit and delete are offered as the shared rules allow them (the server asks the
 * same): edit to its author while the thread is open, delete to its author, the event's organisers and the
 * Admins. Both need the network: offline the buttons stay, disabled, with the reason beside them.
 */
export function CommentItem({
  comment,
  event,
  user,
  isOnline,
  isThreadOpen,
}: {
  comment: Comment;
  event: EventDto;
  user: User;
  isOnline: boolean;
  isThreadOpen: boolean;
}) {
  const { t } = useTranslation();
  const offlineId = useId();
  const [dialog, setDialog] = useState<'edit' | 'delete' | null>(null);
  const { name, isNamed } = authorName(t, comment);
  const who = signature(t, name, comment.acting_for ? fullName(comment.acting_for) || null : null);
  // A deleted account is nobody's any more: its comments are the organisers' and Admins' to remove.
  const writer = { authorId: comment.is_deleted ? null : comment.author.id };
  const canEdit = isThreadOpen && mayEditComment(user, writer).ok;
  const canDelete = mayDeleteComment(user, writer, factsOf(event)).ok;
  const described = isOnline ? undefined : offlineId;
  // Named for a screen reader: « Modifier le message de Gwen Le Goff », not ten « Modifier » in a row.
  const ofWhom = <span className={styles.hidden}>{t('comments.message_of', { name: who })}</span>;

  return (
    <li className={styles.item}>
      <Avatar name={isNamed ? name : null} thumbnailUrl={isNamed ? comment.author.thumbnail : null} />
      <div className={styles.content}>
        <p className={styles.head}>
          <span className={styles.author}>{who}</span>
          <CommentTime at={comment.created_at} />
          {comment.edited_at && (
            <span className={styles.when}>
              {`(${t('comments.edited')} `}
              <CommentTime at={comment.edited_at} />
              {')'}
            </span>
          )}
        </p>
        <CommentText className={styles.text} text={comment.text} />
        {(canEdit || canDelete) && (
          <div className={styles.actions}>
            {canEdit && (
              <button
                type="button"
                className="button"
                disabled={!isOnline}
                aria-describedby={described}
                onClick={() => setDialog('edit')}
              >
                {t('comments.edit')} {ofWhom}
              </button>
            )}
            {canDelete && (
              <button
                type="button"
                className="button"
                disabled={!isOnline}
                aria-describedby={described}
                onClick={() => setDialog('delete')}
              >
                {t('comments.delete')} {ofWhom}
              </button>
            )}
            {!isOnline && (
              <span id={offlineId} className={styles.hint}>
                {t('comments.needs_network')}
              </span>
            )}
          </div>
        )}
      </div>
      {dialog === 'edit' && <CommentEditDialog comment={comment} onClose={() => setDialog(null)} />}
      {dialog === 'delete' && (
        <ConfirmDialog
          title={t('comments.delete_title')}
          message={t('comments.delete_confirm', { name: who })}
          onConfirm={() => deleteComment(comment)}
          onClose={() => setDialog(null)}
        />
      )}
    </li>
  );
}

/**
 * One of the user's own comments still on this device: « à envoyer » until the server takes it, or refused
 * with the server's reason, kept in sight with its text until the user lets it go.
 */
export function QueuedItem({
  queued,
  user,
  childName,
}: {
  queued: QueuedComment;
  user: User;
  childName: string | null;
}) {
  const { t } = useTranslation();
  const name = fullName(user) || user.username;
  const who = signature(t, name, childName);
  const isRefused = queued.state === 'refused';
  return (
    <li className={`${styles.item}${isRefused ? ` ${styles.refused}` : ''}`}>
      <Avatar name={name} thumbnailUrl={null} />
      <div className={styles.content}>
        <p className={styles.head}>
          <span className={styles.author}>{who}</span>
          <CommentTime at={queued.createdAt} />
          {!isRefused && <span className="badge badge-pending">{t('comments.pending')}</span>}
        </p>
        <CommentText className={styles.text} text={queued.text} />
        {queued.isLimited && <p className={styles.hint}>{t('comments.limited')}</p>}
        {isRefused && (
          <div className={styles.actions}>
            <p className={styles.error}>
              {t('comments.refused', {
                reason: t(`errors.${queued.code}`, { defaultValue: t('errors.server_error') }),
              })}
            </p>
            <button type="button" className="button" onClick={() => void discardComment(queued.outboxId)}>
              {t('comments.discard')}
            </button>
          </div>
        )}
      </div>
    </li>
  );
}
