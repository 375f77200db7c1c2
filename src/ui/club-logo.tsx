import { useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLogoUrl } from '../data/settings';
import { BUNDLED_LOGO, INLINE_LOGO } from './bundled-logo';

/**
 * The club's logo as the cache has it, or the bundled one when it cannot be loaded (none uploaded, offline).
 * `isHeld`: its place is kept, empty, and nothing is fetched yet (the header's, until the first screen is shown).
 */
export function ClubLogo({ size = 40, isHeld = false }: { size?: number; isHeld?: boolean }) {
  const url = useLogoUrl();
  if (isHeld) return <span className="logo" style={{ width: size, height: size }} aria-hidden="true" />;
  return <ClubLogoImage url={url} size={size} />;
}

/** The logo at `url` ('' or undefined: none known), or the bundled one when it cannot be loaded. */
export function ClubLogoImage({ url, size = 40 }: { url: string | undefined; size?: number }) {
  const { t } = useTranslation();
  // The URL that failed to load: a new upload (a new URL) is tried again.
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const [isBundledMissing, setBundledMissing] = useState(false);
  const bundled = isBundledMissing ? INLINE_LOGO : BUNDLED_LOGO;
  const src = url && url !== failedUrl ? url : bundled;
  // The address is given once the image is in the page, in the commit: the app's first render is sliced
  // (main.tsx), and an image asked for while still detached between two slices is fetched twice.
  const image = useRef<HTMLImageElement>(null);
  useLayoutEffect(() => {
    if (image.current && image.current.getAttribute('src') !== src) image.current.setAttribute('src', src);
  }, [src]);
  return (
    <img
      ref={image}
      className="logo"
      alt={t('app.logo_alt')}
      width={size}
      height={size}
      onError={() => (src === BUNDLED_LOGO ? setBundledMissing(true) : setFailedUrl(url ?? null))}
    />
  );
}
