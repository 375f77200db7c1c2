import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import type { User } from '../../common/contract/user';
import { fetchUser } from '../../data/user-admin';
import { errorText } from '../../i18n/error-text';
import { useCurrentUser } from '../../state/session';
import { Icon } from '../../ui/icons';
import { RoleBadge } from './role-badge';
import { useRemote } from './use-remote';
import { UserActions } from './user-actions';
import { UserThumbnail } from './user-thumbnail';
import styles from './users.module.css';

const FIELDS = ['first_name', 'last_name', 'email', 'phone', 'street', 'city', 'zip_code'] as const;

function UserFacts({ user }: { user: User }) {
  const { t } = useTranslation();
  return (
    <dl className={styles.facts}>
      {FIELDS.map((field) => (
        <div key={field}>
          <dt>{t(field === 'email' ? 'users.email' : `users.${field}`)}</dt>
          <dd className={user[field] ? undefined : styles.muted}>{user[field] || t('users.empty_value')}</dd>
        </div>
      ))}
    </dl>
  );
}

/** /settings/user/:id: one member's details, and what the admin may do to the account. */
export function UserDetailScreen() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const actor = useCurrentUser();
  const { remote, reload, replace } = useRemote(useCallback(() => fetchUser(id), [id]));

  const back = (
    <Link to="/settings/users" className="icon-button" aria-label={t('users.back_to_list')}>
      <Icon name="back" />
    </Link>
  );
  if (remote.status !== 'ready' || !actor) {
    return (
      <section className={styles.screen}>
        <div className={styles.header}>
          {back}
          <h1>{t('users.detail_title')}</h1>
        </div>
        {remote.status === 'failed' ? (
          <div role="alert" className={styles.failure}>
            <p>{t('users.load_user_failed', { reason: errorText(t, remote.error) })}</p>
            <button type="button" className="button" onClick={reload}>
              {t('app.retry')}
            </button>
          </div>
        ) : (
          <p role="status">{t('app.loading')}</p>
        )}
      </section>
    );
  }

  const user = remote.value;
  return (
    <section className={styles.screen}>
      <div className={styles.header}>
        {back}
        <h1>{t('users.detail_title')}</h1>
      </div>
      <div className={`card ${styles.identity}`}>
        <UserThumbnail userId={user.id} username={user.username} size={72} />
        <div className={styles.identityText}>
          <p className={styles.username}>
            <span>{user.username}</span> <RoleBadge role={user.role_name} />
          </p>
          <p className={user.is_revoked ? styles.statusRevoked : styles.muted}>
            {t(user.is_revoked ? 'users.status_revoked' : 'users.status_active')}
          </p>
          {user.is_locked && (
            <p className={styles.statusLocked}>
              <Icon name="lock" /> {t('users.locked')}
            </p>
          )}
        </div>
      </div>
      <UserFacts user={user} />
      <UserActions actor={actor} user={user} onChanged={replace} />
    </section>
  );
}
