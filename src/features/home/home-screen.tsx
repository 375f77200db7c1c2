import { useTranslation } from 'react-i18next';
import { useSessionStore } from '../../state/session-store';

/** Interim home: the weekly calendar comes with the events issues. */
export function HomeScreen() {
  const { t } = useTranslation();
  const user = useSessionStore((s) => s.currentUser);
  return (
    <section className="placeholder">
      <h1>{t('routes.home')}</h1>
      <p>{t('home.greeting', { name: user?.first_name || user?.username || '' })}</p>
    </section>
  );
}
