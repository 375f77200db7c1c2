import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet } from 'react-router-dom';
import { getToken, TOKEN_KEY } from '../data/session-storage';
import { sessionEnded, sessionStarted } from '../state/session-lifecycle';
import { useSessionStore } from '../state/session-store';
import { showToast } from '../state/toast-store';
import { resolveSession, type SessionOutcome } from './resolve-session';

type GuardState = { kind: 'checking' } | SessionOutcome;

/** Signed-in routes: renders at once from the cached user while /api/user/me confirms it. */
export function RequireAuth() {
  const { t } = useTranslation();
  const cachedUser = useSessionStore((s) => s.currentUser);
  const [state, setState] = useState<GuardState>(() =>
    getToken() ? { kind: 'checking' } : { kind: 'signed-out' },
  );

  const check = useCallback(async () => {
    const outcome = await resolveSession();
    if (outcome.kind === 'ok') {
      useSessionStore.getState().setUser(outcome.user);
      sessionStarted(outcome.user);
    }
    if (outcome.kind === 'unreachable' && outcome.cachedUser) sessionStarted(outcome.cachedUser);
    if (outcome.kind === 'signed-out') {
      // Signed out here or in another tab: the cache goes, pending writes stay for the next sign-in.
      useSessionStore.getState().clear();
      void sessionEnded();
    }
    setState(outcome);
  }, []);

  useEffect(() => {
    if (getToken()) void check();
    // Another tab signed in or out: check again.
    const onStorage = (event: StorageEvent) => {
      if (event.key === TOKEN_KEY || event.key === null) void check();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [check]);

  if (state.kind === 'signed-out' || (!cachedUser && !getToken())) return <Navigate to="/login" replace />;
  if (state.kind === 'ok' || cachedUser) return <Outlet />;
  if (state.kind === 'checking') {
    return (
      <p className="centered-message" role="status">
        {t('app.loading')}
      </p>
    );
  }
  return (
    <main className="centered-message">
      <h1>{t('app.offline_title')}</h1>
      <p>{t('app.offline_text')}</p>
      <button type="button" className="button" onClick={() => void check()}>
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
  const isAdmin = useSessionStore((s) => s.isAdmin);
  return isAdmin ? <Outlet /> : <DeniedRedirect />;
}

/** Contributors and admins only; others go home with `error_not_allow_access`. */
export function RequireContributor() {
  const isAllowed = useSessionStore((s) => s.isAdmin || s.isContributor);
  return isAllowed ? <Outlet /> : <DeniedRedirect />;
}
