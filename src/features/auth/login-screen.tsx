import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { errorText } from '../../i18n/error-text';
import { applyLanguage } from '../../i18n/i18n';
import { hasChosenLanguage, storedLanguage } from '../../i18n/stored-language';
import { useSession } from '../../state/session';
import { signIn } from '../../state/sign-in';
import { Icon } from '../../ui/icons';
import { LoginBrand } from './login-brand';

/**
 * Where a successful sign-in goes: the page the sign-in guard sent the member from (a link in an email, a
 * notification), else home. Only a path of this app: never another origin (`//host`).
 */
function returnPath(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//')) return '/';
  return /^\/(login|logout)\b/.test(from) ? '/' : from;
}

export function LoginScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const target = returnPath(useLocation().state);
  const [usernameOrEmail, setUsernameOrEmail] = useState('');
  const [password, setPassword] = useState('');
  const [isPasswordShown, setPasswordShown] = useState(false);
  const [isPending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();

  // Signed in here or from another tab: go in, to the page asked for.
  const isSignedIn = useSession((s) => s.status === 'signed-in');
  useEffect(() => {
    if (isSignedIn) void navigate(target, { replace: true });
  }, [isSignedIn, navigate, target]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (isPending) return;
    setPending(true);
    setError(null);
    try {
      const user = await signIn(usernameOrEmail.trim(), password);
      // One « Langue » for the app and the mails: a device that never chose follows the account. Signed in
      // whatever becomes of it: English texts that fail to load leave the app in French.
      if (!hasChosenLanguage() && user.language !== storedLanguage())
        void applyLanguage(user.language).catch(() => undefined);
    } catch (failure) {
      setError(errorText(t, failure));
      setPending(false);
    }
  }

  return (
    <main className="login-screen">
      <form
        className="card login-card"
        onSubmit={(event) => void submit(event)}
        aria-describedby={error ? errorId : undefined}
      >
        <LoginBrand />
        <h1>{t('login.title')}</h1>
        <label htmlFor="username_or_email">{t('login.username_or_email')}</label>
        <input
          id="username_or_email"
          name="username_or_email"
          autoComplete="username"
          autoCapitalize="none"
          required
          value={usernameOrEmail}
          onChange={(event) => setUsernameOrEmail(event.target.value)}
        />
        <label htmlFor="password">{t('login.password')}</label>
        <div className="password-field">
          <input
            id="password"
            name="password"
            type={isPasswordShown ? 'text' : 'password'}
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
          <button
            type="button"
            className="icon-button"
            aria-pressed={isPasswordShown}
            aria-label={t(isPasswordShown ? 'login.hide_password' : 'login.show_password')}
            title={t(isPasswordShown ? 'login.hide_password' : 'login.show_password')}
            onClick={() => setPasswordShown(!isPasswordShown)}
          >
            <Icon name="eye" />
          </button>
        </div>
        {error && (
          <p id={errorId} className="form-error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="button button-primary" disabled={isPending}>
          {t(isPending ? 'login.submitting' : 'login.submit')}
        </button>
        <div className="login-links">
          <Link to="/askreset">{t('login.forgot')}</Link>
          <Link to="/news">{t('login.news')}</Link>
        </div>
      </form>
    </main>
  );
}
