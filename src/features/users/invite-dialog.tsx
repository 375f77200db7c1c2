import type { RegisterResponse } from '@common/contract/account';
import { emailSchema, usernameSchema } from '@common/contract/user';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsOnline } from '../../data/sync-status';
import { inviteUser } from '../../data/user-admin';
import { errorText } from '../../i18n/error-text';
import { showToast } from '../../state/toast-store';
import { ModalDialog } from '../../ui/modal-dialog';
import { ConfirmLink } from './confirm-link';
import styles from './users.module.css';

type Field = 'username' | 'email';

/** The field's message, checked with the contract's own schemas (the server lowercases both). */
function problemOf(field: Field, value: string): string | null {
  if (value.trim() === '') return 'users.required';
  const schema = field === 'username' ? usernameSchema : emailSchema;
  if (schema.safeParse(value).success) return null;
  return field === 'username' ? 'users.username_invalid' : 'users.email_invalid';
}

/** Invites a member by username and email; shows the confirmation link when no mail will carry it. */
export function InviteDialog({ onInvited, onClose }: { onInvited: () => void; onClose: () => void }) {
  const { t } = useTranslation();
  const isOnline = useIsOnline();
  const [values, setValues] = useState<Record<Field, string>>({ username: '', email: '' });
  const [isSubmitted, setSubmitted] = useState(false);
  const [isBusy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [invited, setInvited] = useState<RegisterResponse | null>(null);

  const problems = {
    username: problemOf('username', values.username),
    email: problemOf('email', values.email),
  };

  async function submit(event: FormEvent, close: () => void) {
    event.preventDefault();
    setSubmitted(true);
    if (problems.username || problems.email || isBusy) return;
    setBusy(true);
    setError(null);
    try {
      const answer = await inviteUser({ username: values.username, email: values.email });
      const mailed = answer.confirm_url ? undefined : t('users.invite_mailed', { email: answer.email });
      showToast('success', 'users.invited', mailed);
      onInvited();
      if (answer.confirm_url) setInvited(answer);
      else close();
    } catch (failure) {
      setError(errorText(t, failure));
    } finally {
      setBusy(false);
    }
  }

  const field = (name: Field, type: string, autoComplete: string) => {
    const problem = isSubmitted ? problems[name] : null;
    return (
      <div className={styles.field}>
        <label htmlFor={`invite-${name}`}>
          {t(`users.${name}`)} <span aria-hidden="true">*</span>
        </label>
        <input
          id={`invite-${name}`}
          type={type}
          autoComplete={autoComplete}
          autoCapitalize="none"
          spellCheck={false}
          required
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `invite-${name}-error` : undefined}
          value={values[name]}
          onChange={(e) => setValues({ ...values, [name]: e.target.value })}
        />
        {problem && (
          <p id={`invite-${name}-error`} className={styles.fieldError}>
            {t(problem)}
          </p>
        )}
      </div>
    );
  };

  return (
    <ModalDialog title={t('users.invite_title')} onClose={onClose} isBusy={isBusy}>
      {(close) =>
        invited?.confirm_url ? (
          <ConfirmLink
            username={invited.username}
            url={invited.confirm_url}
            mail={invited.invitation_mail}
            onDone={close}
          />
        ) : (
          <form className={styles.form} noValidate onSubmit={(e) => void submit(e, close)}>
            {field('username', 'text', 'off')}
            {field('email', 'email', 'off')}
            {error && (
              <p className={styles.fieldError} role="alert">
                {error}
              </p>
            )}
            {!isOnline && <p className={styles.notice}>{t('users.offline')}</p>}
            <div className={styles.buttons}>
              <button type="submit" className="button button-primary" disabled={!isOnline || isBusy}>
                {isBusy ? t('users.inviting') : t('users.invite_submit')}
              </button>
            </div>
          </form>
        )
      }
    </ModalDialog>
  );
}
