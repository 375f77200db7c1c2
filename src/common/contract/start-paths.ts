/**
 * The API paths a page load reads before the app's code has loaded (src/data/core/page-load-plan.ts, early-reads.ts). No zod here:
 * this module is part of the first download, the schemas that parse the answers load beside it.
 */

/** `GET`: the club's time zone, slogan and logo in one public answer (startSettingsSchema). */
export const START_SETTINGS_PATH = '/api/internal/settings/start';

/** `GET`: the signed-in user (userSchema). */
export const ME_PATH = '/api/user/me';

/** `GET`: the events of club days from..to (`yyyy-mm-dd`, both included). */
export const eventsRangePath = (from: string, to: string): string => `/api/event/from/${from}/to/${to}`;

export const MODELS_PATH = '/api/event/model';
export const STUFF_PATH = '/api/stuff';
