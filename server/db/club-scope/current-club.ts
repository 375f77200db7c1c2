import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The club a piece of work runs for, as the request's host or a job's loop chose it. Every statement the database runs
 * inside `runInClub` runs with `app.club` set to this club's id (club-scoped-dialect.ts), which the row-level
 * security policies compare with each row's `club_id`.
 */
export interface Club {
  id: number;
  name: string;
  /** The host that serves the club; null for club 1, which answers every host no other club claims. */
  host: string | null;
  /** Names the club's folder under DATA_DIR and the domain of its signed links and Message-IDs. */
  key: string;
  timezone: string;
  /** Where links in mails and feeds point: PUBLIC_URL for club 1, the same with the club's host otherwise. */
  publicUrl: string;
  disabled: boolean;
}

const storage = new AsyncLocalStorage<Club>();
let unscopedClub: Club | undefined;

export function runInClub<T>(club: Club, work: () => T): T {
  return storage.run(club, work);
}

/** The club of the work under way; throws outside one, so nothing silently runs for no club. */
export function currentClub(): Club {
  const club = storage.getStore() ?? unscopedClub;
  if (!club) throw new Error('No club in scope: run this inside runInClub (a request or a per-club job).');
  return club;
}

export function scopedClubId(): number | undefined {
  return (storage.getStore() ?? unscopedClub)?.id;
}

/**
 * Tests and benches only: the club that statements run for when no request or job chose one, so they can
 * read and seed a single club's database directly. The server never sets it: there, unscoped work sees no
 * rows.
 */
export function setFallbackClub(club: Club | undefined): void {
  unscopedClub = club;
}

/** The club a request or job chose (never the tests' fallback). */
export function scopedClub(): Club | undefined {
  return storage.getStore();
}

/** What signed links are made of: the club's key (their signature's domain) and its public address. */
export function linkDomain(): { clubKey: string; publicUrl: string } {
  const club = currentClub();
  return { clubKey: club.key, publicUrl: club.publicUrl };
}
