import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { countUnsent, useIsOnline } from '../../data/sync-status';
import { signOut } from '../../state/sign-out';
import { showToast } from '../../state/toast-store';

/** The question is its own chunk: most sign-outs never ask it. */
const ConfirmDialog = lazy(() =>
  import('../../ui/confirm-dialog').then((m) => ({ default: m.ConfirmDialog })),
);

/**
 * Ends the session here at once, and on the server when it can be reached. With changes not yet sent, or
 * offline (no signing in again before the network returns), it asks first: a tap on the bottom bar's
 * "Déconnexion" at the venue must not strand the organiser.
 */
export function LogoutScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const isOnline = useIsOnline();
  const [unsent, setUnsent] = useState<number | null>(null);
  const [isConfirmed, setIsConfirmed] = useState(false);
  const hasStarted = useRef(false);
  const wasConfirmed = useRef(false);

  useEffect(() => {
    void countUnsent().then(setUnsent, () => setUnsent(0));
  }, []);
  const asks = unsent !== null && !isConfirmed && (unsent > 0 || !isOnline);
  const goes = unsent !== null && !asks;

  useEffect(() => {
    if (!goes || hasStarted.current) return;
    hasStarted.current = true;
    void signOut().then(() => {
      showToast('success', 'logout_success');
      void navigate('/login', { replace: true });
    });
  }, [goes, navigate]);

  if (asks)
    return (
      <Suspense fallback={null}>
        <ConfirmDialog
          title={t('logout.confirm_title')}
          message={unsent > 0 ? t('logout.unsent', { count: unsent }) : t('logout.offline')}
          confirmLabel={t('logout.confirm')}
          cancelLabel={t('logout.stay')}
          onConfirm={async () => {
            wasConfirmed.current = true;
            setIsConfirmed(true);
          }}
          onClose={() => {
            if (wasConfirmed.current) return;
            if (window.history.length > 1) void navigate(-1);
            else void navigate('/', { replace: true });
          }}
        />
      </Suspense>
    );
  return (
    <p className="centered-message" role="status">
      {t('app.loading')}
    </p>
  );
}
