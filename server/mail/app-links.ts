/** Where the app shows the notification preferences: the profile screen opens on its preferences tab. */
export const preferencesPath = '/my-profile?tab=preferences';
