import type { Kysely } from 'kysely';
import type { Config } from '../../config';
import type { Database } from '../schema';
import { type ClubRow, listClubRows } from './clubs.repository';
import { type Club, runInClub } from './current-club';

/** How long a process trusts its copy of the registry: the command line changes it from another process. */
const KEPT_MS = 2_000;

/**
 * The clubs this deployment serves, read from the shared registry and completed from the configuration:
 * the first club (the one an upgrade makes) keeps CLUB_ID, CLUB_TIMEZONE and PUBLIC_URL, and answers every
 * host no other club claims; another club's links use PUBLIC_URL with its own host.
 */
export class ClubRegistry {
  private kept: { at: number; clubs: Club[] } | null = null;
  // One read at a time: the requests that find the copy stale together wait for the same read.
  private reading: Promise<Club[]> | null = null;
  // Bumped by forget(): a read begun before it may predate the change it was told of, and is not kept.
  private generation = 0;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly config: Config,
  ) {}

  async all(): Promise<Club[]> {
    const kept = this.keptClubs();
    if (kept) return kept;
    this.reading ??= this.read(Date.now()).finally(() => {
      this.reading = null;
    });
    return this.reading;
  }

  private async read(at: number): Promise<Club[]> {
    const generation = this.generation;
    const rows = await listClubRows(this.db);
    const clubs = rows.map((row, index) => toClub(row, index === 0, this.config));
    if (generation === this.generation) this.kept = { at, clubs };
    return clubs;
  }

  forget(): void {
    this.generation += 1;
    this.kept = null;
    this.reading = null;
  }

  /** The club a host names; the first club for a host nobody claims, unless STRICT_HOSTS (then none). */
  async forHost(hostname: string): Promise<Club | null> {
    return this.clubFor(await this.all(), hostname);
  }

  /**
   * forHost's answer from the copy this process keeps, without waiting: undefined when that copy is stale
   * (then forHost reads the registry again). Every request asks, so most answer in the same tick.
   */
  keptForHost(hostname: string): Club | null | undefined {
    const kept = this.keptClubs();
    return kept && this.clubFor(kept, hostname);
  }

  /** The kept copy while it is trusted (KEPT_MS), else undefined. */
  private keptClubs(): Club[] | undefined {
    return this.kept && Date.now() - this.kept.at < KEPT_MS ? this.kept.clubs : undefined;
  }

  private clubFor(clubs: Club[], hostname: string): Club | null {
    const host = hostname.toLowerCase();
    const claimed = clubs.find((club) => club.host === host);
    if (claimed) return claimed;
    const [first] = clubs;
    if (!this.config.strictHosts) return first ?? null;
    // Strict: the first club answers only its own host, PUBLIC_URL's.
    return first && host === new URL(first.publicUrl).hostname ? first : null;
  }
}

export function toClub(row: ClubRow, first: boolean, config: Config): Club {
  const publicUrl = first || !row.host ? config.publicUrl : withHost(config.publicUrl, row.host);
  return {
    id: row.id,
    name: row.name,
    host: row.host,
    key: first ? config.clubKey : row.key,
    timezone: row.timezone ?? config.clubTimezone,
    publicUrl,
    disabled: row.disabled_at !== null,
  };
}

function withHost(publicUrl: string, host: string): string {
  const url = new URL(publicUrl);
  url.hostname = host;
  return url.origin;
}

/**
 * Runs `work` once per club that is not disabled, each inside its club (its own transactions see only its
 * rows). A club that fails does not stop the others; the first failure is thrown once all have run.
 */
export async function forEachClub(
  registry: ClubRegistry,
  work: (club: Club) => Promise<void>,
): Promise<void> {
  let failure: unknown = null;
  for (const club of await registry.all()) {
    if (club.disabled) continue;
    try {
      await runInClub(club, () => work(club));
    } catch (error) {
      failure ??= error;
    }
  }
  if (failure !== null) throw failure;
}

const registries = new WeakMap<Kysely<Database>, WeakMap<Config, ClubRegistry>>();

/** One registry per database and configuration (an app and its jobs share it). */
export function clubRegistry(db: Kysely<Database>, config: Config): ClubRegistry {
  const byConfig = registries.get(db) ?? new WeakMap<Config, ClubRegistry>();
  registries.set(db, byConfig);
  const registry = byConfig.get(config) ?? new ClubRegistry(db, config);
  byConfig.set(config, registry);
  return registry;
}

/** A queue round in every club, its counts added up (mail and push workers). */
export async function sumOverClubs<K extends string>(
  registry: ClubRegistry,
  work: () => Promise<Record<K, number>>,
  idle: Record<K, number>,
): Promise<Record<K, number>> {
  const total = { ...idle };
  await forEachClub(registry, async () => {
    const counts = await work();
    for (const name of Object.keys(total) as K[]) total[name] += counts[name];
  });
  return total;
}
