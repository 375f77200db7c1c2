import { isStrongPassword } from '@common/rules/password';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { confirmAccount, resetPassword } from '../../data/users';
import { applyLanguage } from '../../i18n/i18n';
import { hasChosenLanguage, storedLanguage } from '../../i18n/stored-language';
import { adoptSession } from '../../state/adopt-session';
import { markWelcomeDue } from '../../state/welcome';
import { LoginBrand } from './login-brand';
import { PasswordInput } from './password-input';
import styles from './password-screens.module.css';
import { StrengthMeter } from './strength-meter';
import { useRedirectAfter } from './use-redirect-after';
import { useSubmission } from './use-submission';

export const REDIRECT_AFTER_SUCCESS_MS = 4000;

type LinkContext = { kind: 'confirm' | 'reset'; token: string } | null;

/** /confirm/:token (invitation) or /reset?token=… (reset mail); anything else is an unknown context. */
function useLinkContext(): LinkContext {
  const params = useParams();
  const [search] = useSearchParams();
  if (params.token) return { kind: 'confirm', token: params.token };
  const token = search.get('token');
  return token ? { kind: 'reset', token } : null;
}

export function PasswordScreen() {
  const { t } = useTranslation();
  const context = useLinkContext();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const navigate = useNavigate();
  const { isPending, isDone, error, run } = useSubmission();
  const policyId = useId();
  const mismatchId = useId();
  // Only an answer without a session (an older server) leaves the member to sign in on the login form.
  const [isSignedIn, setSignedIn] = useState(false);

  useRedirectAfter(isDone && !isSignedIn, REDIRECT_AFTER_SUCCESS_MS);

  if (!context) {
    return (
      <main className="login-screen">
        <div className="card login-card">
          <LoginBrand />
          <h1>{t('password.reset_title')}</h1>
          <p className="form-error" role="alert">
            {t('password.unknown_context')}
          </p>
          <p>{t('password.unknown_context_hint')}</p>
          <div className={styles.links}>
            <Link to="/askreset">{t('password.ask_new_link')}</Link>
            <Link to="/login">{t('password.back_to_login')}</Link>
          </div>
        </div>
      </main>
    );
  }

  const isMismatch = confirmation !== '' && confirmation !== password;
  const canSubmit = isStrongPassword(password) && password === confirmation && !isPending && !isDone;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!context || !canSubmit) return;
    await run(async () => {
      const isFirst = context.kind === 'confirm';
      const answer = await (isFirst ? confirmAccount : resetPassword)(context.token, password);
      // The first password: the week welcomes the member once signed in.
      if (isFirst) markWelcomeDue();
      // The answer's session signs the member in on this device, whichever opened the link: no password
      // typed twice (docs/rules.md#accounts-and-sessions). Then the week, where the welcome shows.
      if (answer.token && answer.user) {
        setSignedIn(true);
        await adoptSession(answer.token, answer.user);
        // As at sign-in: a device that never chose a language follows the account's.
        const { language } = answer.user;
        if (!hasChosenLanguage() && language !== storedLanguage())
          void applyLanguage(language).catch(() => undefined);
        void navigate('/', { replace: true });
      }
    });
  }

  return (
    <main className="login-screen">
      <form className="card login-card" onSubmit={(event) => void submit(event)} noValidate>
        <LoginBrand />
        <h1>{t(context.kind === 'confirm' ? 'password.confirm_title' : 'password.reset_title')}</h1>
        <PasswordInput
          id="new_password"
          label={t('password.new_password')}
          showLabel={t('password.show_password')}
          hideLabel={t('password.hide_password')}
          value={password}
          onChange={setPassword}
          describedBy={policyId}
        />
        <p id={policyId} className={styles.policy}>
          {t('password.policy')}
        </p>
        <StrengthMeter password={password} describedById={policyId} />
        <PasswordInput
          id="password_confirmation"
          label={t('password.confirmation')}
          showLabel={t('password.show_confirmation')}
          hideLabel={t('password.hide_confirmation')}
          value={confirmation}
          onChange={setConfirmation}
          describedBy={isMismatch ? mismatchId : undefined}
          isInvalid={isMismatch}
        />
        <p id={mismatchId} className="form-error" aria-live="polite">
          {isMismatch ? t('password.mismatch') : ''}
        </p>
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        {isDone && !isSignedIn && (
          <p className={styles.success} role="status">
            {t(context.kind === 'confirm' ? 'password.confirmed' : 'password.reset_done')}{' '}
            <Link to="/login">{t('password.go_to_login')}</Link>
          </p>
        )}
        <button type="submit" className="button button-primary" disabled={!canSubmit}>
          {t(isPending ? 'password.submitting' : 'password.submit')}
        </button>
        <div className="login-links">
          <Link to="/login">{t('password.back_to_login')}</Link>
        </div>
      </form>
    </main>
  );
}
