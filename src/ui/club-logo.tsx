import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLogoUrl } from '../data/settings';
import { BUNDLED_LOGO, INLINE_LOGO } from './bundled-logo';

/** The club's logo, or the bundled one when it cannot be loaded (none uploaded, offline). */
export function ClubLogo({ size = 40 }: { size?: number }) {
  const { t } = useTranslation();
  const url = useLogoUrl();
  // The URL that failed to load: a new upload (a new URL) is tried again.
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const [isBundledMissing, setBundledMissing] = useState(false);
  const bundled = isBundledMissing ? INLINE_LOGO : BUNDLED_LOGO;
  const src = url && url !== failedUrl ? url : bundled;
  return (
    <img
      className="logo"
      src={src}
      alt={t('app.logo_alt')}
      width={size}
      height={size}
      onError={() => (src === BUNDLED_LOGO ? setBundledMissing(true) : setFailedUrl(url ?? null))}
    />
  );
}
