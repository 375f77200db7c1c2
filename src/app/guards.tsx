import { mayCreateEvent } from '@common/rules/events';
import { isAdminRole } from '@common/rules/roles';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { confirmSession, useCurrentUser, useSession } from '../state/session';
import { showToast } from '../state/toast-store';
import { AppLayout } from './layout/app-layout';

/** Signed-in routes: renders at once from the cached user while /api/user/me confirms it. */
export function RequireAuth() {
  const { t } = useTranslation();
  const { user, status } = useSession();
  const location = useLocation();

  useEffect(() => {
    void confirmSession();
  }, []);

  // The page asked for (an email's link, a push's week) is where signing in leads back to.
  if (status === 'signed-out')
    return <Navigate to="/login" replace state={{ from: `${location.pathname}${location.search}` }} />;
  if (user) return <Outlet />;
  if (status === 'checking') {
    // In the frame the screen will have, so nothing moves when the user is known.
    return (
      <AppLayout>
        <p className="empty-week" role="status">
          {t('app.loading')}
        </p>
      </AppLayout>
    );
  }
  return (
    <main className="centered-message">
      <h1>{t('app.offline_title')}</h1>
      <p>{t('app.offline_text')}</p>
      <button type="button" className="button" onClick={() => void confirmSession()}>
        {t('app.retry')}
      </button>
    </main>
  );
}

function DeniedRedirect() {
  useEffect(() => showToast('error', 'error_not_allow_access'), []);
  return <Navigate to="/" replace />;
}

/** Admin or SuperAdmin only; others go home with `error_not_allow_access`. */
export function RequireAdmin() {
  const user = useCurrentUser();
  return user && isAdminRole(user.role_name) ? <Outlet /> : <DeniedRedirect />;
}

/** Contributors and admins only; others go home with `error_not_allow_access`. */
export function RequireContributor() {
  const user = useCurrentUser();
  return user && mayCreateEvent(user).ok ? <Outlet /> : <DeniedRedirect />;
}
