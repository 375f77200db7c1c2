import { describe, expect, it } from 'vitest';
import {
  ACTIONS_FOR_A_CHILD,
  ageOn,
  isMinorOn,
  linkRefusal,
  MEMBER_ACTIONS,
  type MemberAction,
  type MemberFacts,
  mayActFor,
} from '../../../src/common/rules/family';

// docs/rules.md#families: the one place that decides who may act for whom.
const DAY = '2026-11-28';
const GWEN = { id: 'gwen' };
const child = (birthDate: string | null, restricted = false): MemberFacts => ({
  id: 'lou',
  birthDate,
  guardians: [
    { guardianId: 'gwen', isRestricted: restricted },
    { guardianId: 'yann', isRestricted: false },
  ],
});

const ALL_ACTIONS: readonly MemberAction[] = MEMBER_ACTIONS;
// The spec's list of what a guardian never does for a child, written out here on purpose.
const NEVER_FOR_A_CHILD: MemberAction[] = ['password', 'role', 'status', 'sessions', 'push_devices'];

describe('ageOn and isMinorOn', () => {
  it.each([
    ['2008-11-28', 18, false],
    ['2008-11-29', 17, true],
    ['2016-02-29', 10, true],
    ['1950-01-01', 76, false],
  ])('born %s: %i on 2026-11-28, minor: %s', (birthDate, age, minor) => {
    expect(ageOn(birthDate, DAY)).toBe(age);
    expect(isMinorOn(birthDate, DAY)).toBe(minor);
  });

  it('a 29 February birthday comes on 1 March in other years', () => {
    expect(ageOn('2008-02-29', '2026-02-28')).toBe(17);
    expect(ageOn('2008-02-29', '2026-03-01')).toBe(18);
  });

  it('no birth date is no minor', () => {
    expect(isMinorOn(null, DAY)).toBe(false);
  });
});

describe('mayActFor: who acts for whom, and on what', () => {
  const table: Array<[string, { id: string }, MemberFacts, MemberAction, boolean | 403 | 404]> = [];
  for (const action of ALL_ACTIONS) {
    const forChild = !NEVER_FOR_A_CHILD.includes(action);
    table.push(['the member themself', { id: 'lou' }, child('2016-05-01'), action, true]);
    table.push(['a guardian of a minor', GWEN, child('2016-05-01'), action, forChild ? true : 403]);
    table.push(['a guardian, the child now 18', GWEN, child('2008-11-28'), action, 403]);
    table.push(['a guardian, no birth date', GWEN, child(null), action, 403]);
    table.push(['a restricted guardian', GWEN, child('2016-05-01', true), action, 404]);
    table.push(['someone else', { id: 'anna' }, child('2016-05-01'), action, 403]);
  }

  it.each(table)('%s, %s: %s', (_who, actor, member, action, expected) => {
    const verdict = mayActFor(actor, member, action, DAY);
    if (expected === true) expect(verdict.ok).toBe(true);
    else expect(verdict).toMatchObject({ ok: false, status: expected, field: 'uuid_user' });
  });

  it('says when the act is for a child, so the trail can say « Gwen pour Lou »', () => {
    expect(mayActFor(GWEN, child('2016-05-01'), 'subscribe', DAY)).toEqual({ ok: true, isForAChild: true });
    expect(mayActFor({ id: 'lou' }, child('2016-05-01'), 'subscribe', DAY)).toEqual({
      ok: true,
      isForAChild: false,
    });
  });

  it('lists exactly the actions a guardian may take', () => {
    expect([...ACTIONS_FOR_A_CHILD].sort()).toEqual(
      ALL_ACTIONS.filter((action) => !NEVER_FOR_A_CHILD.includes(action)).sort(),
    );
  });
});

describe('linkRefusal: one level, nobody guards themself', () => {
  it.each([
    ['gwen', 'lou', { guardianIsGuarded: false, childIsGuardian: false }, null],
    ['lou', 'lou', { guardianIsGuarded: false, childIsGuardian: false }, 'guardian_loop'],
    ['lou', 'emma', { guardianIsGuarded: true, childIsGuardian: false }, 'guardian_loop'],
    ['gwen', 'yann', { guardianIsGuarded: false, childIsGuardian: true }, 'guardian_loop'],
  ] as const)('%s guarding %s: %s', (guardian, member, standing, expected) => {
    expect(linkRefusal(guardian, member, standing)).toBe(expected);
  });
});
