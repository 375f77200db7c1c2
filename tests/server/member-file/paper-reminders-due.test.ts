import { describe, expect, it } from 'vitest';
import { keptUntil } from '../../../server/modules/member-file/paper-erasure.service';
import { dueReminders, thresholdReached } from '../../../server/modules/member-file/paper-reminders-due';
import type { MemberFile } from '../../../src/common/rules/member-file';
import { CODE_DU_SPORT } from '../../../src/common/rules/member-file-presets';

// Which paper reminders a file calls for on a day, and how long health items are kept
// (docs/rules.md#members-file): the rule's own answers, on the club's default season and preset.
const SETTINGS = { season_start: '09-01', grace_end: '09-30', licence_types: [] };
const licence = (season: string) => ({ season, number: '1', federation: 'FFCK', type: 'Canoë Plus' });

describe('the threshold reached', () => {
  it('is the smallest of 30, 14 and 7 days at least the days left, none before 30 nor after the last day', () => {
    expect(thresholdReached('2027-02-11', '2027-03-14')).toBeNull();
    expect(thresholdReached('2027-02-12', '2027-03-14')).toBe(30);
    expect(thresholdReached('2027-02-27', '2027-03-14')).toBe(30);
    expect(thresholdReached('2027-02-28', '2027-03-14')).toBe(14);
    expect(thresholdReached('2027-03-07', '2027-03-14')).toBe(7);
    expect(thresholdReached('2027-03-14', '2027-03-14')).toBe(7);
    expect(thresholdReached('2027-03-15', '2027-03-14')).toBeNull();
  });
});

describe('the papers reminded of', () => {
  // An adult at their first renewal: the CACI of the first licence, then the QS-SPORT attestation.
  const renewed: MemberFile = {
    birth_date: '1990-05-04',
    licences: [licence('2024-2025'), licence('2025-2026')],
    health: [
      { kind: 'caci', date: '2024-09-10', competition: false },
      { kind: 'qs_sport', date: '2025-09-05', all_no: true },
    ],
  };

  it('leave out a CACI that ends when the attestation carries the file past it', () => {
    expect(dueReminders(renewed, CODE_DU_SPORT, SETTINGS, '2025-09-06')).toEqual([]);
  });

  it('name the attestation 30 days before it ends', () => {
    expect(dueReminders(renewed, CODE_DU_SPORT, SETTINGS, '2026-08-05')).toEqual([
      { item: 'qs_sport', ends_on: '2026-09-04', threshold: 30, season: null },
    ]);
  });

  it('read a CACI made after a « oui » as under 6 months', () => {
    const file: MemberFile = {
      ...renewed,
      health: [
        { kind: 'caci', date: '2024-09-10', competition: false },
        { kind: 'qs_sport', date: '2025-09-05', all_no: false },
        { kind: 'caci', date: '2025-09-20', competition: false },
      ],
    };
    expect(dueReminders(file, CODE_DU_SPORT, SETTINGS, '2026-02-17')).toEqual([
      { item: 'caci', ends_on: '2026-03-19', threshold: 30, season: null },
    ]);
  });

  it('ask nothing of a member with no licence counting, but the season start of one not renewed', () => {
    const lapsed: MemberFile = { birth_date: '1990-05-04', licences: [licence('2024-2025')], health: [] };
    expect(dueReminders(lapsed, CODE_DU_SPORT, SETTINGS, '2025-10-01')).toEqual([]);
    expect(dueReminders(lapsed, CODE_DU_SPORT, SETTINGS, '2025-09-02')).toEqual([
      { item: 'renewal', ends_on: '2025-09-01', threshold: 0, season: '2025-2026' },
      { item: 'licence', ends_on: '2025-09-30', threshold: 30, season: null },
    ]);
  });
});

describe('how long health items are kept', () => {
  it('is the grace end of the season that many seasons on, or a licence’s own last day that many years on', () => {
    expect(keptUntil({ season: '2025-2026', end_day: null }, 1, SETTINGS)).toBe('2027-09-30');
    expect(keptUntil({ season: '2025-2026', end_day: null }, 0, SETTINGS)).toBe('2026-09-30');
    expect(keptUntil({ season: '2025-2026', end_day: '2026-08-31' }, 2, SETTINGS)).toBe('2028-08-31');
  });
});
