/** The logo the app ships (public/logo.svg), shown until the club's own is known or when it cannot load. */
export const BUNDLED_LOGO = '/logo.svg';
