import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { signOut } from '../../state/session';
import { showToast } from '../../state/toast-store';

/** Ends the session here at once, and on the server when it can be reached. */
export function LogoutScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const hasStarted = useRef(false);

  useEffect(() => {
    if (hasStarted.current) return;
    hasStarted.current = true;
    void signOut().then(() => {
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
