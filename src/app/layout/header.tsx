import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useFirstScreenShown } from '../../data/page-start';
import { loadClubSettings, useClubBrand, useSlogan } from '../../data/settings';
import { ClubLogo } from '../../ui/club-logo';
import { Icon } from '../../ui/icons';
import styles from './header.module.css';
import { SyncBadge } from './sync-status';

export function Header() {
  const { t } = useTranslation();
  const slogan = useSlogan();
  const brand = useClubBrand();
  // The logo is fetched once the first screen is shown: on a slow network it took the week's bandwidth.
  const isFirstScreenShown = useFirstScreenShown();
  useEffect(loadClubSettings, []);
  return (
    <header
      className={`app-header ${styles.header}`}
      style={brand ? { borderTopColor: brand.accentColour } : undefined}
    >
      <Link to="/" className="brand" aria-label={t('nav.home')}>
        <ClubLogo isHeld={!isFirstScreenShown} />
      </Link>
      <div className={styles.identity}>
        {/* A no-break space until the name is known: the line keeps its place. */}
        <p className={styles.clubName}>{brand?.clubName ?? '\u00a0'}</p>
        <p className="slogan">{slogan}</p>
      </div>
      <SyncBadge />
      <Link to="/my-profile" className="icon-button" aria-label={t('nav.profile')} title={t('nav.profile')}>
        <Icon name="profile" />
      </Link>
    </header>
  );
}
