import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './form.module.css';

/**
 * A password typed in a form: by default « Votre mot de passe », the one that confirms an account change
 * (a new address, a new password, a deletion: docs/rules.md#accounts-and-sessions). `isNew` asks for a new
 * one, so a password manager offers to make it rather than fill the old one.
 */
export function PasswordField({
  value,
  onChange,
  label,
  isNew = false,
}: {
  value: string;
  onChange: (value: string) => void;
  label?: string;
  isNew?: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label ?? t('passwordPrompt.your_password')}</label>
      <input
        id={id}
        type="password"
        autoComplete={isNew ? 'new-password' : 'current-password'}
        required
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}
