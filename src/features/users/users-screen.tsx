import { clubDayOf } from '@common/rules/club-time';
import { mayImportMembers } from '@common/rules/users';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useClubTimeZone } from '../../data/settings';
import { useIsOnline } from '../../data/sync-status';
import { fetchUsers } from '../../data/user-admin';
import { useCurrentUser } from '../../state/session';
import { ScreenHeader } from '../../ui/screen-header';
import { Icon } from '../../ui/screen-icons';
import { type ListedUser, listByFamily } from './family-order';
import { ImportDialog } from './import-dialog';
import { InviteDialog } from './invite-dialog';
import { LoadFailure } from './load-failure';
import { useRemote } from './use-remote';
import { matchesSearch, sortUsers, type UserSort } from './user-filter';
import { UserRow } from './user-row';
import styles from './users.module.css';
import { UsersTabs } from './users-tabs';
import { UsersToolbar } from './users-toolbar';

function UserList({ users, empty }: { users: ListedUser[]; empty: string }) {
  if (users.length === 0) return <p className={styles.muted}>{empty}</p>;
  return (
    <ul className={styles.list}>
      {users.map(({ user, ...family }) => (
        <UserRow key={user.id} user={user} family={family} />
      ))}
    </ul>
  );
}

/**
 * /settings/users: active and revoked members, searched and sorted on the device (the Admins' read is the whole
 * list), and the invitation of a new one (admins only).
 */
export function UsersScreen() {
  const { t } = useTranslation();
  const isOnline = useIsOnline();
  const { remote, reload } = useRemote(fetchUsers);
  const actor = useCurrentUser();
  const [isInviting, setInviting] = useState(false);
  const [isImporting, setImporting] = useState(false);
  const [onlyMinors, setOnlyMinors] = useState(false);
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<UserSort>('last_name');
  const timeZone = useClubTimeZone();
  const today = clubDayOf(new Date(), timeZone ?? 'Europe/Paris');

  const loaded = remote.status === 'ready' ? remote.value : null;
  const users = useMemo(
    () =>
      loaded
        ? sortUsers(
            loaded.filter((user) => matchesSearch(user, search)),
            sort,
          )
        : null,
    [loaded, search, sort],
  );
  const emptyText = (isRevoked: boolean) =>
    search.trim() !== ''
      ? t('users.search_empty', { search: search.trim() })
      : t(onlyMinors ? 'users.empty_minors' : isRevoked ? 'users.empty_revoked' : 'users.empty_active');
  const byStatus = (isRevoked: boolean) => {
    if (remote.status === 'loading') return <p role="status">{t('users.loading')}</p>;
    if (remote.status === 'failed') {
      return <LoadFailure messageKey="users.load_failed" error={remote.error} onRetry={reload} />;
    }
    const shown = (users ?? []).filter((user) => user.is_revoked === isRevoked);
    return (
      <>
        <button
          type="button"
          className={`button ${styles.filter}`}
          aria-pressed={onlyMinors}
          onClick={() => setOnlyMinors(!onlyMinors)}
        >
          {t('users.only_minors')}
        </button>
        <UserList users={listByFamily(shown, today, onlyMinors)} empty={emptyText(isRevoked)} />
      </>
    );
  };
  const countOf = (isRevoked: boolean) =>
    users?.filter((user) => user.is_revoked === isRevoked).length ?? null;

  return (
    <section className={styles.screen}>
      <ScreenHeader backTo="/settings" backLabel={t('app.back_to_settings')} title={t('users.title')}>
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
        {actor && mayImportMembers(actor) && (
          <button
            type="button"
            className="button"
            disabled={!isOnline}
            aria-describedby={isOnline ? undefined : 'users-offline'}
            onClick={() => setImporting(true)}
          >
            <Icon name="users" />
            {t('memberImport.open')}
          </button>
        )}
        <Link to="/settings/to-settle" className="button">
          {t('memberFile.toSettle.link')}
        </Link>
      </ScreenHeader>
      {!isOnline && (
        <p id="users-offline" className={styles.notice}>
          {t('users.offline')}
        </p>
      )}
      <UsersToolbar search={search} sort={sort} onSearch={setSearch} onSort={setSort} />
      <UsersTabs
        counts={{ active: countOf(false), revoked: countOf(true) }}
        panels={{ active: byStatus(false), revoked: byStatus(true) }}
      />
      {isInviting && <InviteDialog onInvited={reload} onClose={() => setInviting(false)} />}
      {isImporting && <ImportDialog onImported={reload} onClose={() => setImporting(false)} />}
    </section>
  );
}
