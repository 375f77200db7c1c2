import type { DossierReason, Requirements } from '@common/contract/member-file';
import type { DossierSettings } from '@common/rules/member-file';
import { dossierOf, type MemberFile } from '@common/rules/member-file';
import {
  addDays,
  daysBetween,
  graceLastDay,
  lastDayUnder,
  previousSeason,
  seasonFirstDay,
  seasonLastDay,
  seasonOf,
} from '@common/rules/member-file-days';
import type { MemberFilePreset } from '@common/rules/member-file-presets';
import type { PaperItem } from '../../db/paper-reminders-schema';

/**
 * Which reminders a member's file calls for on a club day (docs/rules.md#members-file), pure: the job stores
 * what it sent under the same key, so each goes once. A paper's "end" is its last day counting.
 */

/** Days before a paper's last day a reminder goes: the latest one reached and not yet sent goes. */
export const THRESHOLDS = [30, 14, 7] as const;

export interface DueReminder {
  item: PaperItem;
  /** The paper's last day; for `renewal`, the new season's first day. */
  ends_on: string;
  /** 30, 14 or 7; 0 for `renewal`. */
  threshold: number;
  /** The season the renewal is asked for (`renewal` only). */
  season: string | null;
}

/**
 * The threshold reached on `today` for a paper whose last day is `last`: the smallest of 30, 14 and 7 days
 * that is at least the days left, so a run missed on the day sends the latest threshold passed; none once the
 * paper has ended or while more than 30 days are left.
 */
export function thresholdReached(today: string, last: string): number | null {
  const left = daysBetween(today, last);
  if (left < 0) return null;
  const reached = THRESHOLDS.filter((t) => left <= t);
  return reached.length > 0 ? Math.min(...reached) : null;
}

const HEALTH: Requirements = { licence: false, health: true, competition: false, savoir_nager: false };
const COMPETITION: Requirements = { licence: false, health: false, competition: true, savoir_nager: false };
const HEALTH_TROUBLE: readonly DossierReason[] = ['health_missing', 'health_expired', 'caci_required'];
type HealthKind = 'caci' | 'qs_sport' | 'minor_questionnaire' | 'pps';
const ENDING_KINDS: readonly HealthKind[] = ['caci', 'qs_sport', 'minor_questionnaire', 'pps'];

/** The last days a health item dated `date` may have under the preset, earliest first. */
function possibleLasts(
  kind: HealthKind,
  date: string,
  preset: MemberFilePreset,
  seasonEnd: string,
): string[] {
  switch (kind) {
    case 'caci':
      return [lastDayUnder(date, preset.caci_after_yes_months), lastDayUnder(date, preset.caci_months)];
    case 'qs_sport':
      return [lastDayUnder(date, 12)];
    case 'minor_questionnaire':
      // An attestation made as a minor may also end with the season of an 18th birthday.
      return [seasonEnd, lastDayUnder(date, 12)];
    case 'pps':
      return preset.pps_months === null ? [] : [lastDayUnder(date, preset.pps_months)];
  }
}

/**
 * The health papers that end soon and on whose end the file stops being complete: for each kind, the latest
 * item, at the first of its possible last days after which the file (as « Mon dossier » reads it, or for a
 * competition when it holds one today) turns to missing or expired health papers. A newer item carries the
 * file past that day, so nothing is due for the old one.
 */
function endingHealthItems(
  file: MemberFile,
  preset: MemberFilePreset,
  settings: DossierSettings,
  today: string,
): Array<{ item: HealthKind; last: string }> {
  const found = new Map<string, { item: HealthKind; last: string }>();
  const troubled = (requirements: Requirements, day: string) =>
    dossierOf(file, requirements, preset, settings, day).reasons.some((r) => HEALTH_TROUBLE.includes(r));
  const seasonEnd = seasonLastDay(seasonOf(today, settings.season_start), settings.season_start);
  for (const requirements of [HEALTH, COMPETITION]) {
    if (troubled(requirements, today)) continue;
    for (const kind of ENDING_KINDS) {
      const latest = file.health
        .filter((h) => h.kind === kind && h.date <= today)
        .map((h) => h.date)
        .sort()
        .at(-1);
      if (latest === undefined) continue;
      const lasts = possibleLasts(kind, latest, preset, seasonEnd).filter((last) => last >= today);
      const end = lasts
        .sort()
        .find((last) => !troubled(requirements, last) && troubled(requirements, addDays(last, 1)));
      if (end !== undefined) found.set(`${kind}/${end}`, { item: kind, last: end });
    }
  }
  return [...found.values()];
}

/** The licence counting on `today` (from its season's first day to its grace end), and the member's last season. */
function licenceSpans(file: MemberFile, settings: DossierSettings, today: string) {
  const seasons = file.licences.map((l) => l.season).sort();
  const last = seasons.at(-1) ?? null;
  const current = file.licences
    .map((l) => ({
      season: l.season,
      first: l.start ?? seasonFirstDay(l.season, settings.season_start),
      end: l.end ?? graceLastDay(l.season, settings.season_start, settings.grace_end),
    }))
    .filter((s) => s.first <= today && today <= s.end)
    .sort((a, b) => (a.end < b.end ? 1 : -1))[0];
  return { current, last };
}

/**
 * The reminders due for `file` on `today`, before those already sent are left out: for a member whose licence
 * counts today, each paper that counts and ends within a threshold (the licence at its grace end, unless a
 * later season's licence is recorded; the health papers the file needs); and, from the season's first day to
 * the grace end of last season's licences, the season start's reminder to a member whose last licence is last
 * season's.
 */
export function dueReminders(
  file: MemberFile,
  preset: MemberFilePreset,
  settings: DossierSettings,
  today: string,
): DueReminder[] {
  const due: DueReminder[] = [];
  const { current, last } = licenceSpans(file, settings, today);
  const season = seasonOf(today, settings.season_start);
  const seasonStart = seasonFirstDay(season, settings.season_start);
  const previous = previousSeason(season);
  if (
    last === previous &&
    today <= graceLastDay(previous, settings.season_start, settings.grace_end) &&
    today >= seasonStart
  )
    due.push({ item: 'renewal', ends_on: seasonStart, threshold: 0, season });
  if (!current) return due;
  const licenceThreshold = thresholdReached(today, current.end);
  if (licenceThreshold !== null && last === current.season)
    due.push({ item: 'licence', ends_on: current.end, threshold: licenceThreshold, season: null });
  for (const { item, last: end } of endingHealthItems(file, preset, settings, today)) {
    const threshold = thresholdReached(today, end);
    if (threshold !== null) due.push({ item, ends_on: end, threshold, season: null });
  }
  return due;
}
