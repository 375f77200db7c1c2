import { DEFAULT_TIMEZONE } from '@common/contract/club-defaults';
import { eventDates } from '@common/rules/date-display';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { NewsPost } from '../../data/news';
import { useClubTimeZone } from '../../data/settings';
import styles from './news.module.css';

/** One post: its picture, title, author and date, and its text as text (line breaks kept, no HTML). */
export function NewsArticle({
  post,
  canEdit,
  onEdit,
  onDelete,
}: {
  post: NewsPost;
  canEdit: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  // Until the cache answers, the server's default zone, rather than no date.
  const timeZone = useClubTimeZone() ?? DEFAULT_TIMEZONE;
  const posted = eventDates(post.created_at, post.created_at, i18n.language, timeZone);
  const isEdited = post.updated_at !== post.created_at;
  return (
    <article className={styles.post} aria-labelledby={headingId}>
      {post.picture_url && (
        <img
          className={styles.picture}
          src={post.picture_url}
          alt={t('news.picture_alt', { title: post.title })}
          loading="lazy"
        />
      )}
      <div className={styles.body}>
        <h2 id={headingId} className={styles.title}>
          {post.title}
        </h2>
        <p className={styles.meta}>
          <time dateTime={post.created_at}>
            {t('news.byline', {
              author: post.author_name || t('news.former_member'),
              weekday: posted.weekday,
              date: posted.startDate,
              time: posted.startTime,
            })}
          </time>
          {isEdited && ` · ${t('news.edited')}`}
        </p>
        <p className={styles.text}>{post.text}</p>
        {canEdit && (
          <div className={styles.actions}>
            <button
              type="button"
              className="button"
              aria-label={t('news.edit_named', { title: post.title })}
              onClick={onEdit}
            >
              {t('news.edit')}
            </button>
            <button
              type="button"
              className={`button ${styles.delete}`}
              aria-label={t('news.delete_named', { title: post.title })}
              onClick={onDelete}
            >
              {t('news.delete')}
            </button>
          </div>
        )}
      </div>
    </article>
  );
}
