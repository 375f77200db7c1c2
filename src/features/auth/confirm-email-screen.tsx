import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { confirmEmailChange } from '../../data/users';
import { confirmSession, useSession } from '../../state/session';
import { LoginBrand } from './login-brand';
import styles from './password-screens.module.css';
import { useSubmission } from './use-submission';

/**
 * /confirm-email/:token, the link mailed to a new address (docs/rules.md#accounts-and-sessions). The
 * change is made by a button, not by opening the page: a mail provider that opens links to scan them must
 * not confirm an address for the member. No sign-in needed; a signed-in tab reads its account again.
 */
export function ConfirmEmailScreen() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const isSignedIn = useSession((state) => state.user !== null);
  const [email, setEmail] = useState('');
  const { isPending, isDone, error, run } = useSubmission();
  const introId = useId();
  const hintId = useId();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (isPending || isDone) return;
    await run(async () => {
      setEmail((await confirmEmailChange(token)).email);
      if (isSignedIn) void confirmSession();
    });
  }

  return (
    <main className="login-screen">
      <form className="card login-card" onSubmit={(event) => void submit(event)}>
        <LoginBrand />
        <h1>{t('emailConfirm.title')}</h1>
        <p id={introId} className={styles.policy}>
          {t('emailConfirm.intro')}
        </p>
        {error && (
          <div role="alert">
            <p className="form-error">{error}</p>
            <p id={hintId}>{t('emailConfirm.invalid_hint')}</p>
          </div>
        )}
        {isDone && (
          <p className={styles.success} role="status">
            {t('emailConfirm.done', { email })}{' '}
            <Link to="/">{t(isSignedIn ? 'emailConfirm.to_app' : 'password.go_to_login')}</Link>
          </p>
        )}
        {!isDone && (
          <button
            type="submit"
            className="button button-primary"
            disabled={isPending}
            aria-describedby={error ? `${introId} ${hintId}` : introId}
          >
            {t(isPending ? 'emailConfirm.submitting' : 'emailConfirm.submit')}
          </button>
        )}
        <div className="login-links">
          <Link to={isSignedIn ? '/my-profile' : '/login'}>
            {t(isSignedIn ? 'emailConfirm.to_profile' : 'password.back_to_login')}
          </Link>
        </div>
      </form>
    </main>
  );
}
