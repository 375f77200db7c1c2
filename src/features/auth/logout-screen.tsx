import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { logout } from '../../data/api-client';
import { getToken } from '../../data/session-storage';
import { sessionEnded } from '../../state/session-lifecycle';
import { useSessionStore } from '../../state/session-store';
import { showToast } from '../../state/toast-store';

/** Ends the session on the server (best effort: offline, it still ends here) and locally. */
export function LogoutScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const hasStarted = useRef(false);

  useEffect(() => {
    if (hasStarted.current) return;
    hasStarted.current = true;
    const endServerSession = getToken() ? logout().catch(() => undefined) : Promise.resolve();
    void endServerSession.then(async () => {
      await sessionEnded();
      useSessionStore.getState().clear();
      showToast('success', 'logout_success');
      void navigate('/login', { replace: true });
    });
  }, [navigate]);

  return (
    <p className="centered-message" role="status">
      {t('app.loading')}
    </p>
  );
}
