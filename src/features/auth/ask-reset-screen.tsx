import { emailSchema } from '@common/contract/user';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { askPasswordReset } from '../../data/users';
import { LoginBrand } from './login-brand';
import styles from './password-screens.module.css';
import { useRedirectAfter } from './use-redirect-after';
import { useSubmission } from './use-submission';

export const REDIRECT_AFTER_ASK_MS = 5000;

export function AskResetScreen() {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const { isPending, isDone: isSent, error, setError, run } = useSubmission();
  const introId = useId();
  const errorId = useId();

  useRedirectAfter(isSent, REDIRECT_AFTER_ASK_MS);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (isPending || isSent) return;
    const parsed = emailSchema.safeParse(email);
    if (!parsed.success) {
      setError(t('errors.email_not_match'));
      return;
    }
    await run(() => askPasswordReset(parsed.data));
  }

  return (
    <main className="login-screen">
      <form className="card login-card" onSubmit={(event) => void submit(event)} noValidate>
        <LoginBrand />
        <h1>{t('password.ask_title')}</h1>
        <p id={introId} className={styles.policy}>
          {t('password.ask_intro')}
        </p>
        <label htmlFor="reset_email">{t('password.email')}</label>
        <input
          id="reset_email"
          name="email"
          type="email"
          autoComplete="email"
          autoCapitalize="none"
          required
          value={email}
          aria-describedby={error ? `${introId} ${errorId}` : introId}
          aria-invalid={error ? true : undefined}
          readOnly={isSent}
          onChange={(event) => setEmail(event.target.value)}
        />
        {error && (
          <p id={errorId} className="form-error" role="alert">
            {error}
          </p>
        )}
        {isSent && (
          <p className={styles.success} role="status">
            {t('password.ask_sent')} <Link to="/login">{t('password.go_to_login')}</Link>
          </p>
        )}
        <button type="submit" className="button button-primary" disabled={isPending || isSent}>
          {t(isPending ? 'password.ask_submitting' : 'password.ask_submit')}
        </button>
        <div className="login-links">
          <Link to="/login">{t('password.back_to_login')}</Link>
        </div>
      </form>
    </main>
  );
}
