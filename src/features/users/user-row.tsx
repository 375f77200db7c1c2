import type { AdminUser } from '@common/contract/user';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useClubTimeZone } from '../../data/settings';
import { Icon } from '../../ui/screen-icons';
import { UserThumbnail } from '../../ui/user-thumbnail';
import { displayName } from './display-name';
import type { ListedUser } from './family-order';
import { invitationLine } from './invitation-words';
import { RoleBadge } from './role-badge';
import styles from './users.module.css';

/**
 * One member in the list: the whole row is the link to their detail. `family`, in the Admins' list: a child
 * sits under its guardian and names them, a minor is marked, and one with no guardian left is said to be. An
 * invitee who never confirmed reads when the invitation went (its resending is on the member's page).
 */
export function UserRow({ user, family }: { user: AdminUser; family?: Omit<ListedUser, 'user'> }) {
  const { t, i18n } = useTranslation();
  const timeZone = useClubTimeZone() ?? 'Europe/Paris';
  const invitation = invitationLine(t, user, timeZone, i18n.language);
  return (
    <li className={family?.guardianNames ? styles.child : undefined}>
      <Link to={`/settings/user/${user.id}`} className={styles.row}>
        <UserThumbnail userId={user.id} username={user.username} size={44} />
        <span className={styles.rowText}>
          <span className={styles.rowName}>
            <span className={styles.name}>{displayName(user)}</span>
            <RoleBadge role={user.role_name} />
            {user.is_locked && (
              <span
                className={styles.lock}
                role="img"
                aria-label={t('users.locked')}
                title={t('users.locked')}
              >
                <Icon name="lock" />
              </span>
            )}
          </span>
          {family?.isMinor && <span className={styles.minor}>{t('users.minor')}</span>}
          {family?.guardianNames && (
            <span className={styles.email}>
              {t('users.guardians', { names: family.guardianNames.join(', ') })}
            </span>
          )}
          {family?.addedBy && (
            <span className={styles.email}>{t('users.added_by', { name: family.addedBy })}</span>
          )}
          {family?.hasNoGuardian && (
            <span className={styles.bouncing}>
              <Icon name="warning" />
              {t('users.no_guardian')}
            </span>
          )}
          {invitation && <span className={styles.invitation}>{invitation}</span>}
          <span className={styles.email}>
            {user.email}
            {user.email_bouncing && (
              <span className={styles.bouncing}>
                <Icon name="warning" />
                {t('users.email_bouncing')}
              </span>
            )}
          </span>
        </span>
        <Icon name="chevron" />
      </Link>
    </li>
  );
}
