import { addMonths, graceLastDay } from '@common/rules/member-file-days';
import type { AppDeps } from '../../app-deps';
import { clubToday } from '../family/acting-for.service';
import { memberFileSettings } from '../settings/member-file-settings';
import { eraseHealthItemsOf, licencesOfHealthHolders, recordHealthErasure } from './paper-erasure.repository';

type Deps = Pick<AppDeps, 'db' | 'now'>;

const seasonsLater = (season: string, seasons: number): string => {
  const first = Number(season.slice(0, 4)) + seasons;
  return `${first}-${first + 1}`;
};

/**
 * The last day a licence's health items are kept, `keep` seasons after it lapsed: the grace end of the season
 * `keep` seasons on, or, for a licence with its own last day, that day `keep` years on (docs/rules.md#members-file).
 */
export function keptUntil(
  licence: { season: string; end_day: string | null },
  keep: number,
  settings: { season_start: string; grace_end: string },
): string {
  if (licence.end_day) return addMonths(licence.end_day, 12 * keep);
  return graceLastDay(seasonsLater(licence.season, keep), settings.season_start, settings.grace_end);
}

/**
 * Scheduled, club by club (docs/rules.md#members-file): the health items of a member whose last licence lapsed
 * more than `health_keep_seasons` seasons ago are erased, each erasure kept in the account audit in the same
 * transaction. A member who never held a licence keeps theirs until the account is erased. Answers how many
 * members' items were erased.
 */
export async function eraseLapsedHealthItems(deps: Deps): Promise<number> {
  const today = clubToday(deps);
  const settings = await memberFileSettings(deps.db);
  const lastKept = new Map<string, string>();
  for (const licence of await licencesOfHealthHolders(deps.db)) {
    const until = keptUntil(licence, settings.health_keep_seasons, settings);
    const before = lastKept.get(licence.user_id);
    if (before === undefined || until > before) lastKept.set(licence.user_id, until);
  }
  let erased = 0;
  for (const [userId, until] of lastKept) {
    if (today <= until) continue;
    const gone = await deps.db.transaction().execute(async (trx) => {
      const count = await eraseHealthItemsOf(trx, userId);
      if (count > 0) await recordHealthErasure(trx, userId, deps.now());
      return count;
    });
    if (gone > 0) erased += 1;
  }
  return erased;
}
