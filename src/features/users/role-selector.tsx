import type { RoleName, User } from '@common/contract/user';
import { rolesOffered } from '@common/rules/users';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './users.module.css';

/** Contributor and User, plus Admin for a SuperAdmin; absent on oneself and on a SuperAdmin (shared rule). */
export function RoleSelector({
  actor,
  user,
  isDisabled,
  onSave,
}: {
  actor: User;
  user: User;
  isDisabled: boolean;
  onSave: (role: RoleName) => Promise<void>;
}) {
  const { t } = useTranslation();
  const roles = rolesOffered(actor, user);
  const [role, setRole] = useState<RoleName>(user.role_name);
  if (roles.length === 0) return null;

  return (
    <form
      className={styles.roleForm}
      onSubmit={(event) => {
        event.preventDefault();
        void onSave(role);
      }}
    >
      <div className={styles.field}>
        <label htmlFor="user-role">{t('users.role_label')}</label>
        <select
          id="user-role"
          value={role}
          disabled={isDisabled}
          onChange={(event) => setRole(roles.find((r) => r === event.target.value) ?? user.role_name)}
        >
          {roles.map((option) => (
            <option key={option} value={option}>
              {t(`users.role_${option}`)}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="button" disabled={isDisabled || role === user.role_name}>
        {t('users.role_save')}
      </button>
    </form>
  );
}
