/** The logo the app ships (public/logo.svg), shown until the club's own is known or when it cannot load. */
export const BUNDLED_LOGO = '/logo.svg';

/**
 * The same drawing as public/logo.svg, carried in the code: what the header shows when even the file cannot
 * load (offline on a first visit, before the service worker controls the page). A test keeps them equal.
 */
export const INLINE_LOGO = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#1d4ed8"/><path d="M20 18h24v6H27v6h15v6H27v6h17v6H20z" fill="#fff"/><path d="M30 8l8 0-6 7h-5z" fill="#fff"/></svg>',
)}`;
