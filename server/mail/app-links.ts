/** Where the app shows the notification preferences: the profile screen opens on its preferences tab. */
export const preferencesPath = '/my-profile?tab=preferences';

/** Where « Mon dossier » is (docs/rules.md#members-file): the profile screen on its file tab. */
export const memberFilePath = '/my-profile?tab=file';

/** The deep link to an event's sheet: signed out, sign-in leads back there. */
export const eventPath = (eventUuid: string) => `/event/${eventUuid}`;
