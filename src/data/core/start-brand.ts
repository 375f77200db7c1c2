/**
 * The club's name and logo as the start settings' last read in this page gave them, held in memory. The
 * sign-in forms wear the club from here and from the localStorage mirror (club-brand-mirror.ts), never from
 * IndexedDB: a first visit's sign-in page opens no database, whose creation was the longest work after the
 * form's first frame on a slow phone (docs/architecture.md#what-the-first-paint-loads).
 */
export interface StartBrand {
  clubName: string | null;
  /** '' when no logo is uploaded. */
  logoUrl: string;
}

let latest: StartBrand | undefined;
const listeners = new Set<() => void>();

/** The brand last read in this page; undefined before any read answered. */
export function latestStartBrand(): StartBrand | undefined {
  return latest;
}

export function keepStartBrand(brand: StartBrand): void {
  latest = brand;
  for (const listener of listeners) listener();
}

/** An Admin's save of the name or the logo: worn at once by forms that wear a read already. */
export function amendStartBrand(changes: Partial<StartBrand>): void {
  if (latest) keepStartBrand({ ...latest, ...changes });
}

export function subscribeStartBrand(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Back to a page that read nothing yet (each test starts from one). */
export function forgetStartBrand(): void {
  latest = undefined;
}
