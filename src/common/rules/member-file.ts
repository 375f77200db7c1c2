import {
  DOSSIER_REASONS,
  DOSSIER_STATUSES,
  type Dossier,
  type DossierReason,
  type DossierStatus,
  type HealthItem,
  type Licence,
  type MemberFileSettings,
  type Requirements,
} from '../contract/member-file';
import { ageOn, MAJORITY } from './family';
import {
  daysBetween,
  graceLastDay,
  lastDayUnder,
  previousSeason,
  seasonFirstDay,
  seasonLastDay,
  seasonOf,
} from './member-file-days';
import type { MemberFilePreset } from './member-file-presets';

export { isFutureDay } from './member-file-days';

/**
 * The member's file, checked for one club day (docs/rules.md#members-file): the server answers the member's
 * « Mon dossier », refuses or warns on subscribing, and gives organisers the status for the event's first
 * club day, all with this one function; the phone at the venue only caches what it answered.
 */

/** A licence of the member's history; a federation's export may give its own first and last days. */
export interface LicenceRecord extends Licence {
  start?: string | null;
  end?: string | null;
}
export interface MemberFile {
  birth_date: string | null;
  licences: readonly LicenceRecord[];
  health: readonly HealthItem[];
}
export type DossierSettings = Pick<MemberFileSettings, 'season_start' | 'grace_end' | 'licence_types'>;

/** An item that counts and ends within this many days of the day asked makes the file `soon`. */
export const SOON_DAYS = 30;

/** The most severe of `statuses`, in DOSSIER_STATUSES order (`ok` for none). */
export function mostSevere(statuses: readonly DossierStatus[]): DossierStatus {
  return statuses.reduce<DossierStatus>(
    (worst, s) => (DOSSIER_STATUSES.indexOf(s) > DOSSIER_STATUSES.indexOf(worst) ? s : worst),
    'ok',
  );
}

/**
 * What an organiser may see: a « oui » on a questionnaire is health data, so `caci_required` reaches them as
 * `health_missing` (docs/rules.md#members-file).
 */
export function dossierForOrganiser(d: Dossier): Dossier {
  const reasons = d.reasons.map((r): DossierReason => (r === 'caci_required' ? 'health_missing' : r));
  return { status: d.status, reasons: DOSSIER_REASONS.filter((r) => reasons.includes(r)) };
}

interface Check {
  status: DossierStatus;
  reasons: DossierReason[];
}
const OK: Check = { status: 'ok', reasons: [] };

/** ok or soon for an item that counts up to `last` included. */
const counting = (last: string, day: string): Check => ({
  status: daysBetween(day, last) <= SOON_DAYS ? 'soon' : 'ok',
  reasons: [],
});

/** The later of the last days of the items that count on `day`, or why none does. */
function best(lasts: readonly { date: string; last: string }[], day: string): string | 'expired' | 'missing' {
  const past = lasts.filter((l) => l.date <= day);
  const valid = past.filter((l) => l.last >= day).map((l) => l.last);
  // Club days compare as text; the latest last day wins.
  const latest = valid.sort().at(-1);
  if (latest !== undefined) return latest;
  return past.length > 0 ? 'expired' : 'missing';
}
const asHealth = (found: string, day: string): Check =>
  found === 'expired'
    ? { status: 'expired', reasons: ['health_expired'] }
    : found === 'missing'
      ? { status: 'missing', reasons: ['health_missing'] }
      : counting(found, day);

type Caci = Extract<HealthItem, { kind: 'caci' }>;
const cacis = (file: MemberFile, competition: boolean): Caci[] =>
  file.health.filter((h): h is Caci => h.kind === 'caci' && (!competition || h.competition));
const caciLasts = (file: MemberFile, months: number, competition: boolean) =>
  cacis(file, competition).map((c) => ({ date: c.date, last: lastDayUnder(c.date, months) }));
const ofKind = (file: MemberFile, kind: HealthItem['kind']) => file.health.filter((h) => h.kind === kind);

/** The licence that counts on `day`: between its first day and its season's grace end (or its own end). */
function licenceOn(file: MemberFile, day: string, settings: DossierSettings) {
  const spans = file.licences.map((licence) => ({
    licence,
    first: licence.start ?? seasonFirstDay(licence.season, settings.season_start),
    last: licence.end ?? graceLastDay(licence.season, settings.season_start, settings.grace_end),
  }));
  const current = spans
    .filter((s) => s.first <= day && day <= s.last)
    .sort((a, b) => (a.last < b.last ? 1 : -1))[0];
  return { current, hadOne: spans.some((s) => s.first <= day) };
}

/** 0 at a first licence, n at the n-th renewal: consecutive seasons in one federation; a gap restarts it. */
function cyclePosition(file: MemberFile, licence: LicenceRecord | undefined): number {
  if (!licence) return 0;
  const seasons = new Set(
    file.licences.filter((l) => l.federation === licence.federation).map((l) => l.season),
  );
  let position = 0;
  for (let s = previousSeason(licence.season); seasons.has(s); s = previousSeason(s)) position += 1;
  return position;
}

/** A minor: the questionnaire attestation under 1 year, or a CACI under 6 months (after a « oui »). */
function minorHealth(file: MemberFile, preset: MemberFilePreset, day: string, competition: boolean): Check {
  if (preset.minor === 'caci')
    return asHealth(best(caciLasts(file, preset.caci_months, competition), day), day);
  const attestations = ofKind(file, 'minor_questionnaire').map((h) => ({
    date: h.date,
    last: lastDayUnder(h.date, 12),
  }));
  return asHealth(best([...attestations, ...caciLasts(file, preset.caci_after_yes_months, false)], day), day);
}

/** An adult's papers for their licence: a CACI when the cycle asks one, else the QS-SPORT attestation. */
function adultHealth(file: MemberFile, preset: MemberFilePreset, day: string, position: number): Check {
  const renewals = preset.adult_qs_renewals;
  const caciYear = renewals === 0 || position === 0 || (renewals !== null && position % (renewals + 1) === 0);
  const yearCaci = caciLasts(file, preset.caci_months, false);
  if (caciYear) return asHealth(best(yearCaci, day), day);
  const latest = ofKind(file, 'qs_sport')
    .filter((h) => h.date <= day)
    .sort((a, b) => (a.date < b.date ? 1 : -1))[0];
  if (latest?.kind === 'qs_sport' && !latest.all_no) {
    // A « oui »: only a CACI under 6 months, made after it, answers it.
    const after = cacis(file, false)
      .filter((c) => c.date >= latest.date)
      .map((c) => ({ date: c.date, last: lastDayUnder(c.date, preset.caci_after_yes_months) }));
    const found = best(after, day);
    return found === 'expired' || found === 'missing'
      ? { status: 'missing', reasons: ['caci_required'] }
      : counting(found, day);
  }
  const attestation = latest ? [{ date: latest.date, last: lastDayUnder(latest.date, 12) }] : [];
  return asHealth(best([...attestation, ...yearCaci], day), day);
}

/**
 * The status of `file` on club day `day` for a model's `requirements`, under the club's `preset` and settings.
 * The age is the age on `day`; a minor's attestation made before an 18th birthday inside the season still
 * counts until that season's last day (docs/rules.md#members-file).
 */
export function dossierOf(
  file: MemberFile,
  requirements: Requirements,
  preset: MemberFilePreset,
  settings: DossierSettings,
  day: string,
): Dossier {
  const checks: Check[] = [];
  const { current, hadOne } = licenceOn(file, day, settings);
  if (requirements.licence) {
    if (current) checks.push(counting(current.last, day));
    else
      checks.push(
        hadOne
          ? { status: 'expired', reasons: ['licence_expired'] }
          : { status: 'missing', reasons: ['licence_missing'] },
      );
  }
  if (requirements.health || requirements.competition)
    checks.push(health(file, requirements, preset, settings, day, current?.licence));
  const swimming =
    requirements.savoir_nager ||
    (preset.savoir_nager && (requirements.licence || requirements.health || requirements.competition));
  if (swimming && !ofKind(file, 'savoir_nager').some((h) => h.date <= day)) {
    checks.push({ status: 'missing', reasons: ['savoir_nager_missing'] });
  }
  return combine(checks);
}

function health(
  file: MemberFile,
  requirements: Requirements,
  preset: MemberFilePreset,
  settings: DossierSettings,
  day: string,
  licence: LicenceRecord | undefined,
): Check {
  const sameForAll = preset.minor === 'caci' && preset.adult_qs_renewals === 0 && preset.pps_months === null;
  if (sameForAll) {
    const checks = [];
    if (requirements.health)
      checks.push(asHealth(best(caciLasts(file, preset.caci_months, false), day), day));
    if (requirements.competition)
      checks.push(asHealth(best(caciLasts(file, preset.caci_months, preset.competition_caci), day), day));
    return combine(checks);
  }
  if (file.birth_date === null) return { status: 'unknown', reasons: ['birth_date_missing'] };
  if (ageOn(file.birth_date, day) < MAJORITY)
    return minorHealth(file, preset, day, requirements.competition && preset.competition_caci);

  const season = licence?.season ?? seasonOf(day, settings.season_start);
  const carried = carriedAttestation(file, season, settings, day);
  if (carried) return carried;
  const checks: Check[] = [];
  if (requirements.health) checks.push(adultHealth(file, preset, day, cyclePosition(file, licence)));
  if (requirements.competition) checks.push(adultCompetition(file, preset, settings, day, licence));
  return combine(checks);
}

/** A minor's attestation made before an 18th birthday that fell inside `season` counts until its last day. */
function carriedAttestation(
  file: MemberFile,
  season: string,
  settings: DossierSettings,
  day: string,
): Check | null {
  const birth = file.birth_date;
  if (!birth || ageOn(birth, seasonFirstDay(season, settings.season_start)) >= MAJORITY) return null;
  const seasonEnd = seasonLastDay(season, settings.season_start);
  const lasts = ofKind(file, 'minor_questionnaire')
    .filter((h) => ageOn(birth, h.date) < MAJORITY)
    .map((h) => {
      const yearEnd = lastDayUnder(h.date, 12);
      return { date: h.date, last: [yearEnd, seasonEnd].sort()[0] ?? seasonEnd };
    });
  const found = best(lasts, day);
  return found === 'expired' || found === 'missing' ? null : counting(found, day);
}

/** An adult at a competition: a CACI covering competition; FFA: a competition licence or a PPS also does. */
function adultCompetition(
  file: MemberFile,
  preset: MemberFilePreset,
  settings: DossierSettings,
  day: string,
  licence: LicenceRecord | undefined,
): Check {
  if (!preset.competition_caci) return OK;
  if (preset.competition_by_licence_type && licence) {
    const type = settings.licence_types.find((t) => t.name === licence.type);
    if (type?.opens_competition) return adultHealth(file, preset, day, cyclePosition(file, licence));
  }
  const lasts = caciLasts(file, preset.caci_months, true);
  const ppsMonths = preset.pps_months;
  if (ppsMonths !== null) {
    for (const p of ofKind(file, 'pps')) lasts.push({ date: p.date, last: lastDayUnder(p.date, ppsMonths) });
  }
  return asHealth(best(lasts, day), day);
}

function combine(checks: readonly Check[]): Check {
  const reasons = checks.filter((c) => c.status !== 'ok' && c.status !== 'soon').flatMap((c) => c.reasons);
  return {
    status: mostSevere(checks.map((c) => c.status)),
    reasons: DOSSIER_REASONS.filter((r) => reasons.includes(r)),
  };
}
