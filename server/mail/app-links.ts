/** Where the app shows the notification preferences: the profile screen opens on its preferences tab. */
export const preferencesPath = '/my-profile?tab=preferences';

/** The deep link to an event's sheet: signed out, sign-in leads back there. */
export const eventPath = (eventUuid: string) => `/event/${eventUuid}`;
