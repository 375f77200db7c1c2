/** The preferences tour's first-visit flag in localStorage; the tour itself is src/ui's. */
export const TOUR_FLAG_KEY = 'profileTour';
