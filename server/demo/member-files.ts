import { shiftDay } from '@common/rules/club-time';
import { addDays, addMonths, graceLastDay, previousSeason, seasonOf } from '@common/rules/member-file-days';
import type { DemoClient } from './demo-client';
import type { Someone } from './training-series';

/**
 * The demo club's members' files (docs/rules.md#members-file), written through the API at the club's today:
 * the SuperAdmin names three FFCK licence types and records each licence and the adults' health papers; a
 * child's questionnaire attestation comes from their guardian. Most files are complete; one member is in each other
 * state, so « À régulariser », « Mon dossier » and the checklist's badge all have something to show.
 */

const SEASON_START = '09-01';
const GRACE_END = '09-30';
const FEDERATION = 'FFCK';
export const DEMO_LICENCE_TYPES = [
  { name: 'Canoë Pagaies Couleurs', opens_competition: true },
  { name: 'Canoë Famille', opens_competition: false },
  { name: 'Canoë Pass Jeune', opens_competition: false },
];

/** The members whose file is not complete, and why: every state the rule answers. */
export const DEMO_FILE_STATES = {
  soon: 'loic.jaouen', // a CACI that ends in 20 days
  missing: 'katell.queffelec', // a licence, no health papers
  expired: 'tanguy.leroux', // last season's licence, past its grace window
  unknown: 'enora.caradec', // no birth date, so the papers to ask for are not known
  caciRequired: 'pierrick.salaun', // a renewal whose QS-SPORT has a « oui » and no CACI since
} as const;

/** An adult's birth date for the demo (between 1972 and 2001), or none for the member whose file is `unknown`. */
export function demoBirthDate(username: string, index: number): string | null {
  if (username === DEMO_FILE_STATES.unknown) return null;
  const month = String((index % 9) + 1).padStart(2, '0');
  return `${1972 + ((index * 7) % 30)}-${month}-${10 + (index % 18)}`;
}

export interface DemoAdult extends Someone {
  first_name: string;
  last_name: string;
}

export interface MemberFilesOptions {
  /** The club day the demo reaches: every paper is dated on or before it. */
  today: string;
  /** The adults by username, the SuperAdmin `claire.morvan` among them. */
  people: ReadonlyMap<string, DemoAdult>;
  /** Each child without a login, with the username of the parent who added them. */
  children: ReadonlyArray<{ id: string; guardian: string }>;
}

export async function recordMemberFiles(api: DemoClient, options: MemberFilesOptions): Promise<void> {
  const { today, people } = options;
  // The SuperAdmin records: an Admin may not change another Admin's account, a SuperAdmin every one.
  const admin = people.get('claire.morvan') as DemoAdult;
  await api.call(admin.token, 'PUT', '/api/internal/club-settings', { licence_types: DEMO_LICENCE_TYPES });
  const season = seasonOf(today, SEASON_START);
  const last = previousSeason(season);
  // Last season's licence counts until its grace end: before it, the season before that one is the lapsed one.
  const lapsed = graceLastDay(last, SEASON_START, GRACE_END) < today ? last : previousSeason(last);
  let serial = 0;
  const licence = (who: { id: string }, seasonName: string, type: string) => {
    serial += 1;
    return api.call(admin.token, 'PUT', `/api/user/${who.id}/licence`, {
      number: String(2_900_100 + serial),
      federation: FEDERATION,
      type,
      season: seasonName,
    });
  };
  const health = (by: Someone, who: { id: string }, items: object[]) =>
    api.call(by.token, 'PUT', `/api/user/${who.id}/health`, { items });
  const caci = (date: string) => ({ kind: 'caci', date, competition: false });

  for (const [index, adult] of [...people.values()].entries()) {
    const type = DEMO_LICENCE_TYPES[index % 2]?.name ?? 'Canoë Famille';
    switch (adult.username) {
      case DEMO_FILE_STATES.soon:
        await licence(adult, season, type);
        await health(admin, adult, [caci(addMonths(addDays(today, 21), -12))]);
        break;
      case DEMO_FILE_STATES.missing:
        await licence(adult, season, type);
        break;
      case DEMO_FILE_STATES.expired:
        await licence(adult, lapsed, type);
        await health(admin, adult, [caci(shiftDay(today, -60))]);
        break;
      case DEMO_FILE_STATES.caciRequired:
        // The second licence in a row: a QS-SPORT year, and its « oui » asks a CACI of under 6 months.
        await licence(adult, last, type);
        await licence(adult, season, type);
        await health(admin, adult, [
          caci(addMonths(today, -14)),
          { kind: 'qs_sport', date: shiftDay(today, -20), all_no: false },
        ]);
        break;
      default:
        await licence(adult, season, type);
        await health(admin, adult, [caci(addMonths(today, -((index % 8) + 1)))]);
    }
  }
  // Each child: a young person's licence, and the questionnaire attestation their guardian signed.
  for (const child of options.children) {
    const guardian = people.get(child.guardian) as DemoAdult;
    await licence(child, season, 'Canoë Pass Jeune');
    await health(guardian, child, [
      {
        kind: 'minor_questionnaire',
        date: shiftDay(today, -30),
        signed_by: `${guardian.first_name} ${guardian.last_name}`,
      },
    ]);
  }
}
