import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { User } from '../../common/contract/user';
import { useIsOnline } from '../../data/sync-status';
import { fetchUsers } from '../../data/user-admin';
import { errorText } from '../../i18n/error-text';
import { Icon } from '../../ui/icons';
import { InviteDialog } from './invite-dialog';
import { useRemote } from './use-remote';
import { UserRow } from './user-row';
import styles from './users.module.css';
import { UsersTabs } from './users-tabs';

function UserList({ users, emptyKey }: { users: User[]; emptyKey: string }) {
  const { t } = useTranslation();
  if (users.length === 0) return <p className={styles.muted}>{t(emptyKey)}</p>;
  return (
    <ul className={styles.list}>
      {users.map((user) => (
        <UserRow key={user.id} user={user} />
      ))}
    </ul>
  );
}

/** /settings/users: active and revoked members, and the invitation of a new one (admins only). */
export function UsersScreen() {
  const { t } = useTranslation();
  const isOnline = useIsOnline();
  const { remote, reload } = useRemote(fetchUsers);
  const [isInviting, setInviting] = useState(false);

  const users = remote.status === 'ready' ? remote.value : null;
  const byStatus = (isRevoked: boolean) => {
    if (remote.status === 'loading') return <p role="status">{t('users.loading')}</p>;
    if (remote.status === 'failed') {
      return (
        <div role="alert" className={styles.failure}>
          <p>{t('users.load_failed', { reason: errorText(t, remote.error) })}</p>
          <button type="button" className="button" onClick={reload}>
            {t('app.retry')}
          </button>
        </div>
      );
    }
    return (
      <UserList
        users={remote.value.filter((user) => user.is_revoked === isRevoked)}
        emptyKey={isRevoked ? 'users.empty_revoked' : 'users.empty_active'}
      />
    );
  };
  const countOf = (isRevoked: boolean) =>
    users?.filter((user) => user.is_revoked === isRevoked).length ?? null;

  return (
    <section className={styles.screen}>
      <div className={styles.header}>
        <Link to="/settings" className="icon-button" aria-label={t('users.back_to_settings')}>
          <Icon name="back" />
        </Link>
        <h1>{t('users.title')}</h1>
        <button
          type="button"
          className="button button-primary"
          disabled={!isOnline}
          aria-describedby={isOnline ? undefined : 'users-offline'}
          onClick={() => setInviting(true)}
        >
          <Icon name="add" />
          {t('users.add')}
        </button>
      </div>
      {!isOnline && (
        <p id="users-offline" className={styles.notice}>
          {t('users.offline')}
        </p>
      )}
      <UsersTabs
        counts={{ active: countOf(false), revoked: countOf(true) }}
        panels={{ active: byStatus(false), revoked: byStatus(true) }}
      />
      {isInviting && <InviteDialog onInvited={reload} onClose={() => setInviting(false)} />}
    </section>
  );
}
