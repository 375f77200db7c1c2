import type { RoleName } from '@common/contract/user';
import { useTranslation } from 'react-i18next';
import styles from './users.module.css';

/** The role in words (« Organisation », « Administration »…), framed and coloured: the words carry it, not colour. */
export function RoleBadge({ role }: { role: RoleName }) {
  const { t } = useTranslation();
  return <span className={`${styles.badge} ${styles[`badge${role}`] ?? ''}`}>{t(`users.role_${role}`)}</span>;
}
