import type { RoleName } from '@common/contract/user';
import { useTranslation } from 'react-i18next';
import styles from './users.module.css';

/** U, C, A or Sa, with the role's name as its accessible text: not colour alone. */
export function RoleBadge({ role }: { role: RoleName }) {
  const { t } = useTranslation();
  return (
    <span className={`${styles.badge} ${styles[`badge${role}`] ?? ''}`} title={t(`users.role_${role}`)}>
      <span aria-hidden="true">{t(`users.badge_${role}`)}</span>
      <span className={styles.visuallyHidden}>{t(`users.role_${role}`)}</span>
    </span>
  );
}
