/**
 * The club's name and accent colour as last cached, mirrored in localStorage so the page wears the club
 * before its first paint (docs/rules.md#club-settings): index.html's inline script (app/boot/page-boot.ts)
 * sets the page title and the `--accent` custom property the primary controls use, and the login screen
 * reads the name synchronously. Dexie's clubSettings stays the source the screens follow; every read of
 * the settings writes this mirror again. Dependency-free: the boot script imports it, and every byte of
 * that script is on every page.
 */
export const CLUB_NAME_KEY = 'clubName';
export const CLUB_ACCENT_KEY = 'clubAccent';

/** Sets the title and the accent from the mirror (the boot script, before the bundle). */
export function wearMirroredBrand(): void {
  const name = localStorage.getItem(CLUB_NAME_KEY);
  const accent = localStorage.getItem(CLUB_ACCENT_KEY);
  if (name) document.title = name;
  if (accent) document.documentElement.style.setProperty('--accent', accent);
}

/**
 * Keeps the name and the accent (already a `#rrggbb` that carries white text) for the next start, and
 * wears them now. A blocked storage only costs the next start its club title until the settings are read.
 */
export function mirrorClubBrand(name: string, accent: string): void {
  document.title = name;
  document.documentElement.style.setProperty('--accent', accent);
  try {
    localStorage.setItem(CLUB_NAME_KEY, name);
    localStorage.setItem(CLUB_ACCENT_KEY, accent);
  } catch {
    // Nothing kept: the title waits for the next read of the settings.
  }
}

/** The club's name as mirrored at the last read of its settings; null before any. */
export function mirroredClubName(): string | null {
  try {
    return localStorage.getItem(CLUB_NAME_KEY);
  } catch {
    return null; // storage refused: the name comes with the settings' read
  }
}

export const CLUB_LOGO_KEY = 'clubLogo';

/** Keeps the logo's URL ('' when none is uploaded) for the sign-in page of the next start. */
export function mirrorClubLogo(url: string): void {
  try {
    localStorage.setItem(CLUB_LOGO_KEY, url);
  } catch {
    // Nothing kept: the next sign-in page shows the logo once the settings are read.
  }
}

/** The logo's URL as mirrored at the last read: '' for none uploaded, undefined before any read. */
export function mirroredClubLogo(): string | undefined {
  try {
    return localStorage.getItem(CLUB_LOGO_KEY) ?? undefined;
  } catch {
    return undefined;
  }
}
