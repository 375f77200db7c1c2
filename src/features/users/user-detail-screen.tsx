import type { AdminUser, User } from '@common/contract/user';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { fetchUser } from '../../data/user-admin';
import { useCurrentUser } from '../../state/session';
import { Icon } from '../../ui/icons';
import { ScreenHeader } from '../../ui/screen-header';
import { UserThumbnail } from '../../ui/user-thumbnail';
import { LicenceSection } from './licence-section';
import { LoadFailure } from './load-failure';
import { InvitationPanel, MemberEmail } from './member-mail';
import { RoleBadge } from './role-badge';
import { useRemote } from './use-remote';
import { type AccountProps, UserActions } from './user-actions';
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

  const user = remote.status === 'ready' ? remote.value : null;
  return (
    <section className={styles.screen}>
      <ScreenHeader
        backTo="/settings/users"
        backLabel={t('users.back_to_list')}
        title={t('users.detail_title')}
      />
      {remote.status === 'failed' && (
        <LoadFailure messageKey="users.load_user_failed" error={remote.error} onRetry={reload} />
      )}
      {remote.status === 'loading' && <p role="status">{t('app.loading')}</p>}
      {user && actor && (
        // A write answers the User alone: what only Admins read stays until the next read.
        <UserDetail actor={actor} user={user} onChanged={(changed) => replace({ ...user, ...changed })} />
      )}
    </section>
  );
}

function UserDetail({
  actor,
  user,
  onChanged,
}: AccountProps & { user: AdminUser; onChanged: (user: AdminUser) => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <>
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
      <InvitationPanel actor={actor} user={user} onChanged={onChanged} />
      <UserFacts user={user} />
      <LicenceSection userId={user.id} />
      <MemberEmail actor={actor} user={user} onChanged={onChanged} />
      <UserActions
        actor={actor}
        user={user}
        onChanged={onChanged}
        onDeleted={() => void navigate('/settings/users', { replace: true })}
      />
    </>
  );
}
