import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLogoUrl } from '../data/settings';
import { BUNDLED_LOGO } from './bundled-logo';

/** The club's logo, or the bundled one when it cannot be loaded (none uploaded, offline). */
export function ClubLogo({ size = 40 }: { size?: number }) {
  const { t } = useTranslation();
  const url = useLogoUrl();
  // The URL that failed to load: a new upload (a new URL) is tried again.
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const src = url && url !== failedUrl ? url : BUNDLED_LOGO;
  return (
    <img
      className="logo"
      src={src}
      alt={t('app.logo_alt')}
      width={size}
      height={size}
      onError={() => setFailedUrl(url ?? null)}
    />
  );
}
