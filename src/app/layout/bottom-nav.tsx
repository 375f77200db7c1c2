import { mayCreateEvent } from '@common/rules/events';
import { Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import { LazyEventFormDialog } from '../../features/events/editor/lazy-event-form';
import { useCurrentUser } from '../../state/session';
import { Icon, type IconName } from '../../ui/icons';

function NavItem({ to, icon, label }: { to: string; icon: IconName; label: string }) {
  return (
    <NavLink to={to} end className="nav-item">
      <Icon name={icon} />
      <span>{label}</span>
    </NavLink>
  );
}

/** Settings and event creation only for contributors and admins; « Déconnexion » last. */
export function BottomNav() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const canManage = user !== null && mayCreateEvent(user).ok;
  const [isCreating, setIsCreating] = useState(false);
  const eventButton = useRef<HTMLButtonElement>(null);
  return (
    <nav className="bottom-nav" aria-label={t('nav.label')}>
      <NavItem to="/" icon="home" label={t('nav.home')} />
      {canManage && <NavItem to="/settings" icon="settings" label={t('nav.settings')} />}
      {canManage && (
        <button
          ref={eventButton}
          type="button"
          className="nav-item"
          aria-haspopup="dialog"
          onClick={() => setIsCreating(true)}
        >
          <Icon name="event" />
          <span>{t('nav.event')}</span>
        </button>
      )}
      <NavItem to="/news" icon="news" label={t('nav.news')} />
      {/* Last, never first: a thumb reaching for the week must not sign out. */}
      <NavItem to="/logout" icon="logout" label={t('nav.logout')} />
      {isCreating && user && (
        <Suspense fallback={null}>
          <LazyEventFormDialog
            event={null}
            user={user}
            onClose={() => {
              setIsCreating(false);
              eventButton.current?.focus();
            }}
          />
        </Suspense>
      )}
    </nav>
  );
}
