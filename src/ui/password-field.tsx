import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './delete-account.module.css';

/** « Votre mot de passe »: what confirms an account's own change (a new address, leaving the club). */
export function PasswordField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{t('deleteAccount.password')}</label>
      <input
        id={id}
        type="password"
        autoComplete="current-password"
        required
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}
