import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { getToken } from '../../data/session-storage';
import { ClubLogo } from '../../ui/club-logo';

/** Public. Without a token a top bar with a login button stands in for the menu (product-spec §2). */
export function NewsScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const isSignedIn = getToken() !== null;
  return (
    <div className="app-layout">
      {!isSignedIn && (
        <header className="app-header">
          <ClubLogo />
          <Link to="/login" className="button button-primary">
            {t('nav.login')}
          </Link>
        </header>
      )}
      <main className="app-main">
        <section className="placeholder">
          <h1>{t('routes.news')}</h1>
          <p>{t('news.empty')}</p>
          <button type="button" className="button" onClick={() => navigate(isSignedIn ? '/' : '/login')}>
            {t('app.back')}
          </button>
        </section>
      </main>
    </div>
  );
}
