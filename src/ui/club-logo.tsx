import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchLogoUrl } from '../data/settings';

export const BUNDLED_LOGO = '/logo.svg';

/** The club's logo, or the bundled one when it cannot be loaded (none uploaded, offline). */
export function ClubLogo() {
  const { t } = useTranslation();
  const [src, setSrc] = useState(BUNDLED_LOGO);
  useEffect(() => {
    fetchLogoUrl().then(
      (url) => setSrc(url || BUNDLED_LOGO),
      () => setSrc(BUNDLED_LOGO),
    );
  }, []);
  return (
    <img
      className="logo"
      src={src}
      alt={t('app.logo_alt')}
      width={40}
      height={40}
      onError={() => setSrc(BUNDLED_LOGO)}
    />
  );
}
