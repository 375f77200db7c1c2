/**
 * The week screen as the member last saw it, kept as markup (app/week-snapshot.ts writes it once the week
 * has settled and when the app is left): the next cold start of the installed app shows it the moment the page is parsed, inert, until
 * React has rendered the same week from the cache and replaces it (app/boot/page-boot.ts). Kept only for
 * the build, language, member and week it was taken for; signing out forgets it. Imports nothing: it is
 * part of index.html's inline script.
 */
export const WEEK_SNAPSHOT_KEY = 'weekSnapshot';
/** A week bigger than this (hundreds of events) is not kept: storing it would cost more than it saves. */
export const MAX_SNAPSHOT_CHARS = 200_000;

export interface WeekSnapshot {
  /** The entry chunk's URL: another build has other class names and markup. */
  build: string;
  language: string;
  userId: string;
  /** The club week shown, `yyyy-mm-dd` of its Monday. */
  monday: string;
  html: string;
}

const FIELDS = ['build', 'language', 'userId', 'monday', 'html'] as const;

export function storeWeekSnapshot(snapshot: WeekSnapshot): void {
  if (snapshot.html.length > MAX_SNAPSHOT_CHARS) {
    forgetWeekSnapshot();
    return;
  }
  try {
    localStorage.setItem(WEEK_SNAPSHOT_KEY, JSON.stringify(snapshot));
  } catch {
    // Storage full: the next start renders without it, as it always could.
  }
}

export function storedWeekSnapshot(): WeekSnapshot | undefined {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(WEEK_SNAPSHOT_KEY) ?? 'null');
    if (typeof stored !== 'object' || stored === null) return undefined;
    const fields = stored as Record<string, unknown>;
    return FIELDS.every((field) => typeof fields[field] === 'string') ? (stored as WeekSnapshot) : undefined;
  } catch {
    return undefined;
  }
}

export function forgetWeekSnapshot(): void {
  try {
    localStorage.removeItem(WEEK_SNAPSHOT_KEY);
  } catch {
    // Nothing kept where storage is refused.
  }
}
