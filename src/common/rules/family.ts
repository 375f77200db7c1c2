/**
 * Families (docs/rules.md#families): a child is a member whose guardians answer for them. One level only: a
 * guarded member guards nobody, a guardian is guarded by nobody. Guardians act in the child's place only on
 * the routes listed in ACTIONS_FOR_A_CHILD, only while the child is a minor on the club day, and never when
 * an Admin restricted them (a court order): for a restricted guardian the child does not exist. The server
 * decides with mayActFor before every write made for someone else; the screens offer what it allows.
 */

/** Coming of age: from this birthday on, the guardians' rights end by themselves. */
export const MAJORITY = 18;
export const MAX_GUARDIANS_PER_CHILD = 3;
export const MAX_CHILDREN_PER_GUARDIAN = 10;
/** Club setting `child_login_age`: from this age a guardian may give their child a login. */
export const CHILD_LOGIN_AGE = { min: 15, max: 18, default: 15 } as const;

/** Whole years from `birthDate` to the club day `day`, both `yyyy-mm-dd` (a 29 February counts on 1 March). */
export function ageOn(birthDate: string, day: string): number {
  const [birthYear = 0, birthMonth = 0, birthDay = 0] = birthDate.split('-').map(Number);
  const [year = 0, month = 0, date = 0] = day.split('-').map(Number);
  const beforeBirthday = month < birthMonth || (month === birthMonth && date < birthDay);
  return year - birthYear - (beforeBirthday ? 1 : 0);
}

/** A minor on club day `day`: under 18 that day. No birth date: not a minor. */
export const isMinorOn = (birthDate: string | null, day: string): boolean =>
  birthDate !== null && ageOn(birthDate, day) < MAJORITY;

/** What an account may be asked to do for a member: the routes a guardian may use are named below. */
export const MEMBER_ACTIONS = [
  'subscribe',
  'waiting_list',
  'decline',
  'series_subscribe',
  'guests',
  'kit',
  'comment',
  'read',
  'profile',
  'picture',
  'preferences',
  'consents',
  'health',
  'export',
  'delete',
  'password',
  'role',
  'status',
  'sessions',
  'push_devices',
] as const;
export type MemberAction = (typeof MEMBER_ACTIONS)[number];

/** The child's own, or an Admin's to change: never a guardian's. */
const NEVER_FOR_A_CHILD: ReadonlySet<MemberAction> = new Set<MemberAction>([
  'password',
  'role',
  'status',
  'sessions',
  'push_devices',
]);

/** What a guardian may do in a minor's place: every action but those. */
export const ACTIONS_FOR_A_CHILD: ReadonlySet<MemberAction> = new Set(
  MEMBER_ACTIONS.filter((action) => !NEVER_FOR_A_CHILD.has(action)),
);

/** One guardian of a member, as the rules read it. */
export interface GuardianLink {
  guardianId: string;
  isRestricted: boolean;
}

/** The member acted for: their birth date and their guardians (none for most members). */
export interface MemberFacts {
  id: string;
  birthDate: string | null;
  guardians: readonly GuardianLink[];
}

export type FamilyVerdict =
  | { ok: true; isForAChild: boolean }
  | { ok: false; status: 403 | 404; code: 'forbidden' | 'not_found'; field: string | null };

/**
 * Whether `actor` may do `action` for `member` on club day `day` (docs/rules.md#families). Oneself: always
 * (the route's own rules still apply). An unrestricted guardian of a minor: the actions of
 * ACTIONS_FOR_A_CHILD. A restricted guardian: the member is not found (404), as for a stranger who could not
 * know of them. Anyone else, or a guardian once the child is 18 or on another action: 403. Role checks are
 * never made here: they always read the actor's own role.
 */
export function mayActFor(
  actor: { id: string },
  member: MemberFacts,
  action: MemberAction,
  day: string,
  field: string | null = 'uuid_user',
): FamilyVerdict {
  if (actor.id === member.id) return { ok: true, isForAChild: false };
  const link = member.guardians.find((guardian) => guardian.guardianId === actor.id);
  if (link?.isRestricted) return { ok: false, status: 404, code: 'not_found', field };
  if (!link || !ACTIONS_FOR_A_CHILD.has(action) || !isMinorOn(member.birthDate, day)) {
    return { ok: false, status: 403, code: 'forbidden', field };
  }
  return { ok: true, isForAChild: true };
}

/** Who may be linked as whose guardian: one level, nobody guards themself (409 `guardian_loop`). */
export interface FamilyStanding {
  /** The would-be guardian already has guardians of their own. */
  guardianIsGuarded: boolean;
  /** The would-be child already guards someone. */
  childIsGuardian: boolean;
}

export function linkRefusal(
  guardianId: string,
  childId: string,
  standing: FamilyStanding,
): 'guardian_loop' | null {
  if (guardianId === childId || standing.guardianIsGuarded || standing.childIsGuardian)
    return 'guardian_loop';
  return null;
}
