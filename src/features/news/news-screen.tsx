import { mayEditNews, mayPostNews } from '@common/rules/news';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { deleteNews, type NewsPost, useNews } from '../../data/news';
import { useIsOnline } from '../../data/sync-status';
import { useCurrentUser, useSession } from '../../state/session';
import { showToast } from '../../state/toast-store';
import { ClubLogo } from '../../ui/club-logo';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import styles from './news.module.css';
import { NewsArticle } from './news-article';
import { NewsDialog } from './news-dialog';

/** The posts, newest first, from the cache while the server is asked; an empty state when none. */
function NewsContent({ backTo }: { backTo: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useCurrentUser() ?? undefined;
  const isOnline = useIsOnline();
  const { posts, state } = useNews();
  const [editing, setEditing] = useState<NewsPost | 'new' | null>(null);
  const [deleting, setDeleting] = useState<NewsPost | null>(null);
  const isLoading = posts === undefined || (posts.length === 0 && state === 'reading');

  async function remove(post: NewsPost) {
    await deleteNews(post.uuid);
    showToast('success', 'news.deleted');
  }

  return (
    <section className={styles.screen}>
      <div className={styles.header}>
        <h1>{t('routes.news')}</h1>
        {mayPostNews(user) && (
          <button type="button" className="button button-primary" onClick={() => setEditing('new')}>
            {t('news.post')}
          </button>
        )}
      </div>
      {isLoading ? (
        <p className={styles.notice} role="status">
          {t('news.loading')}
        </p>
      ) : posts.length === 0 ? (
        <div className={styles.empty}>
          <p>{t('news.empty')}</p>
          {state === 'failed' && <p className={styles.notice}>{t('news.offline_empty')}</p>}
          <button type="button" className="button" onClick={() => void navigate(backTo)}>
            {t('app.back')}
          </button>
        </div>
      ) : (
        <>
          {state === 'failed' && (
            <p className={styles.notice} role="status">
              {t('news.offline_cached')}
            </p>
          )}
          <ol className={styles.list} aria-label={t('news.list')}>
            {posts.map((post) => (
              <li key={post.uuid}>
                <NewsArticle
                  post={post}
                  canEdit={mayEditNews(user, post)}
                  onEdit={() => setEditing(post)}
                  onDelete={() => setDeleting(post)}
                />
              </li>
            ))}
          </ol>
        </>
      )}
      {editing && (
        <NewsDialog
          key={editing === 'new' ? 'new' : editing.uuid}
          post={editing === 'new' ? null : editing}
          isOnline={isOnline}
          onClose={() => setEditing(null)}
        />
      )}
      {deleting && (
        <ConfirmDialog
          message={t('news.delete_question', { title: deleting.title })}
          onConfirm={() => remove(deleting)}
          onClose={() => setDeleting(null)}
        />
      )}
    </section>
  );
}

/**
 * Public. A member sees it inside the app layout (header and menu, see OptionalAppLayout); without a
 * token a top bar with a login button stands in for the menu.
 */
export function NewsScreen() {
  const { t } = useTranslation();
  const isSignedIn = useSession((s) => s.status !== 'signed-out');
  if (isSignedIn) return <NewsContent backTo="/" />;
  return (
    <div className="app-layout app-layout-without-nav">
      <header className="app-header">
        <ClubLogo />
        <Link to="/login" className="button button-primary">
          {t('nav.login')}
        </Link>
      </header>
      <main className="app-main">
        <NewsContent backTo="/login" />
      </main>
    </div>
  );
}
