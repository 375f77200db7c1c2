import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { loadClubSettings, useSlogan } from '../../data/settings';
import { ClubLogo } from '../../ui/club-logo';
import { Icon } from '../../ui/icons';
import { SyncBadge } from './sync-status';

export function Header() {
  const { t } = useTranslation();
  const slogan = useSlogan();
  useEffect(loadClubSettings, []);
  return (
    <header className="app-header">
      <Link to="/" className="brand" aria-label={t('nav.home')}>
        <ClubLogo />
      </Link>
      <p className="slogan">{slogan}</p>
      <SyncBadge />
      <Link to="/my-profile" className="icon-button" aria-label={t('nav.profile')} title={t('nav.profile')}>
        <Icon name="profile" />
      </Link>
    </header>
  );
}
