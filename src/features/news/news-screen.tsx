import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { useSession } from '../../state/session';
import { ClubLogo } from '../../ui/club-logo';

function NewsContent({ backTo }: { backTo: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <section className="placeholder">
      <h1>{t('routes.news')}</h1>
      <p>{t('news.empty')}</p>
      <button type="button" className="button" onClick={() => void navigate(backTo)}>
        {t('app.back')}
      </button>
    </section>
  );
}

/**
 * Public. A member sees it inside the app layout (header and menu, see OptionalAppLayout); without a
 * token a top bar with a login button stands in for the menu (product-spec §2).
 */
export function NewsScreen() {
  const { t } = useTranslation();
  const isSignedIn = useSession((s) => s.status !== 'signed-out');
  if (isSignedIn) return <NewsContent backTo="/" />;
  return (
    <div className="app-layout">
      <header className="app-header">
        <ClubLogo />
        <Link to="/login" className="button button-primary">
          {t('nav.login')}
        </Link>
      </header>
      <main className="app-main">
        <NewsContent backTo="/login" />
      </main>
    </div>
  );
}
