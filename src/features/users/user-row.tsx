import type { User } from '@common/contract/user';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Icon } from '../../ui/icons';
import { UserThumbnail } from '../../ui/user-thumbnail';
import { displayName } from './display-name';
import { RoleBadge } from './role-badge';
import styles from './users.module.css';

/** One member in the list: the whole row is the link to their detail. */
export function UserRow({ user }: { user: User }) {
  const { t } = useTranslation();
  return (
    <li>
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
