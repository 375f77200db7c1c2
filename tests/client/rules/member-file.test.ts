import type { HealthItem, Requirements } from '@common/contract/member-file';
import {
  type DossierSettings,
  dossierForOrganiser,
  dossierOf,
  isFutureDay,
  type LicenceRecord,
  type MemberFile,
  mostSevere,
} from '@common/rules/member-file';
import { graceLastDay, lastDayUnder, seasonOf } from '@common/rules/member-file-days';
import {
  CODE_DU_SPORT,
  CONTRAINTES_PARTICULIERES,
  FFA,
  FFCK,
  FFESSM,
  MEMBER_FILE_PRESETS,
} from '@common/rules/member-file-presets';
import { describe, expect, it } from 'vitest';

// docs/rules.md#members-file: one function decides a member's file for a club day.
const SETTINGS: DossierSettings = {
  season_start: '09-01',
  grace_end: '09-30',
  licence_types: [
    { name: 'Athlé Compétition', opens_competition: true },
    { name: 'Athlé Loisir', opens_competition: false },
  ],
};
const LICENCE_ONLY: Requirements = { licence: true, health: false, competition: false, savoir_nager: false };
const HEALTH: Requirements = { licence: true, health: true, competition: false, savoir_nager: false };
const COMPETITION: Requirements = { licence: true, health: true, competition: true, savoir_nager: false };
const ADULT = '1990-05-10';

const licence = (season: string, extra: Partial<LicenceRecord> = {}): LicenceRecord => ({
  number: 'A123',
  federation: 'FFCK',
  type: 'Canoë Famille',
  season,
  ...extra,
});
const file = (
  licences: LicenceRecord[],
  health: HealthItem[],
  birth_date: string | null = ADULT,
): MemberFile => ({
  birth_date,
  licences,
  health,
});
const caci = (date: string, competition = false): HealthItem => ({ kind: 'caci', date, competition });
const qs = (date: string, all_no = true): HealthItem => ({ kind: 'qs_sport', date, all_no });
const minorAttestation = (date: string): HealthItem => ({
  kind: 'minor_questionnaire',
  date,
  signed_by: 'Gwen Le Goff',
});

describe('days', () => {
  it.each([
    ['2028-02-29', '2029-02-28'],
    ['2026-11-28', '2027-11-27'],
    ['2026-03-01', '2027-02-28'],
  ])('an item of %s is under one year up to %s included', (date, last) => {
    expect(lastDayUnder(date, 12)).toBe(last);
  });

  it('six months after 31 August end on the last day of February', () => {
    expect(lastDayUnder('2026-08-31', 6)).toBe('2027-02-28');
  });

  it('seasons and their grace', () => {
    expect(seasonOf('2026-08-31', '09-01')).toBe('2025-2026');
    expect(seasonOf('2026-09-01', '09-01')).toBe('2026-2027');
    expect(graceLastDay('2025-2026', '09-01', '09-30')).toBe('2026-09-30');
    expect(graceLastDay('2025-2026', '09-01', '08-31')).toBe('2026-08-31');
  });

  it('a day in the future', () => {
    expect(isFutureDay('2026-11-29', '2026-11-28')).toBe(true);
    expect(isFutureDay('2026-11-28', '2026-11-28')).toBe(false);
  });
});

describe('dossierOf: licence', () => {
  const f = file([licence('2025-2026')], []);
  it.each([
    ['2026-09-30', 'soon', []],
    ['2026-10-01', 'expired', ['licence_expired']],
    ['2025-11-01', 'ok', []],
  ])('last season’s licence on %s: %s', (day, status, reasons) => {
    expect(dossierOf(f, LICENCE_ONLY, CODE_DU_SPORT, SETTINGS, day)).toEqual({ status, reasons });
  });

  it('no licence at all is missing', () => {
    expect(dossierOf(file([], []), LICENCE_ONLY, CODE_DU_SPORT, SETTINGS, '2026-11-28')).toEqual({
      status: 'missing',
      reasons: ['licence_missing'],
    });
  });

  it('nothing required: ok', () => {
    const none = { licence: false, health: false, competition: false, savoir_nager: false };
    expect(dossierOf(file([], [], null), none, CODE_DU_SPORT, SETTINGS, '2026-11-28').status).toBe('ok');
  });
});

describe('dossierOf: adults under the Code du sport', () => {
  const day = '2026-11-28';
  it('a CACI dated the day of the event counts', () => {
    expect(
      dossierOf(file([licence('2026-2027')], [caci(day)]), HEALTH, CODE_DU_SPORT, SETTINGS, day).status,
    ).toBe('ok');
  });

  it('a CACI that ends within 30 days is soon; one year old is expired', () => {
    const f = file([licence('2026-2027')], [caci('2025-12-20')]);
    expect(dossierOf(f, HEALTH, CODE_DU_SPORT, SETTINGS, day)).toEqual({ status: 'soon', reasons: [] });
    expect(dossierOf(f, HEALTH, CODE_DU_SPORT, SETTINGS, '2026-12-20')).toEqual({
      status: 'expired',
      reasons: ['health_expired'],
    });
  });

  it('29 February: under one year on 28 February, not on 1 March', () => {
    const f = file([licence('2028-2029')], [caci('2028-02-29')]);
    expect(dossierOf(f, HEALTH, CODE_DU_SPORT, SETTINGS, '2029-02-28').status).toBe('soon');
    expect(dossierOf(f, HEALTH, CODE_DU_SPORT, SETTINGS, '2029-03-01').status).toBe('expired');
  });

  const three = [licence('2024-2025'), licence('2025-2026'), licence('2026-2027')];
  it('the second renewal takes the QS-SPORT attestation', () => {
    const f = file(three, [caci('2024-09-01'), qs('2025-09-01'), qs('2026-09-02')]);
    expect(dossierOf(f, HEALTH, CODE_DU_SPORT, SETTINGS, day)).toEqual({ status: 'ok', reasons: [] });
  });

  it('the third renewal asks a new CACI', () => {
    const f = file([licence('2023-2024'), ...three], [caci('2023-09-01'), qs('2026-09-02')]);
    expect(dossierOf(f, HEALTH, CODE_DU_SPORT, SETTINGS, day)).toEqual({
      status: 'expired',
      reasons: ['health_expired'],
    });
  });

  it('a season gap restarts the cycle: a CACI again', () => {
    const f = file([licence('2024-2025'), licence('2026-2027')], [caci('2024-09-01'), qs('2026-09-02')]);
    expect(dossierOf(f, HEALTH, CODE_DU_SPORT, SETTINGS, day)).toEqual({
      status: 'expired',
      reasons: ['health_expired'],
    });
    const renewed = file(
      [licence('2025-2026'), licence('2026-2027')],
      [caci('2025-09-01'), qs('2026-09-02')],
    );
    expect(dossierOf(renewed, HEALTH, CODE_DU_SPORT, SETTINGS, day).status).toBe('ok');
  });

  it('a « oui » asks a CACI under 6 months, made after it', () => {
    const history = [licence('2025-2026'), licence('2026-2027')];
    const yes = file(history, [caci('2025-09-01'), qs('2026-09-02', false)]);
    expect(dossierOf(yes, HEALTH, CODE_DU_SPORT, SETTINGS, day)).toEqual({
      status: 'missing',
      reasons: ['caci_required'],
    });
    const answered = file(history, [caci('2025-09-01'), qs('2026-09-02', false), caci('2026-09-10')]);
    expect(dossierOf(answered, HEALTH, CODE_DU_SPORT, SETTINGS, day).status).toBe('ok');
    // Six months after that CACI, it no longer answers the « oui ».
    expect(dossierOf(answered, HEALTH, CODE_DU_SPORT, SETTINGS, '2027-03-10')).toEqual({
      status: 'missing',
      reasons: ['caci_required'],
    });
  });

  it('a competition asks a CACI that covers competition', () => {
    const f = file([licence('2026-2027')], [caci('2026-09-01')]);
    expect(dossierOf(f, COMPETITION, CODE_DU_SPORT, SETTINGS, day).reasons).toEqual(['health_missing']);
    const g = file([licence('2026-2027')], [caci('2026-09-01', true)]);
    expect(dossierOf(g, COMPETITION, CODE_DU_SPORT, SETTINGS, day).status).toBe('ok');
  });
});

describe('dossierOf: minors and birth dates', () => {
  it('a missing birth date is unknown, never ok', () => {
    const f = file([licence('2026-2027')], [caci('2026-11-01'), minorAttestation('2026-09-01')], null);
    expect(dossierOf(f, HEALTH, CODE_DU_SPORT, SETTINGS, '2026-11-28')).toEqual({
      status: 'unknown',
      reasons: ['birth_date_missing'],
    });
    expect(dossierOf(file([], [], null), HEALTH, CODE_DU_SPORT, SETTINGS, '2026-11-28')).toEqual({
      status: 'missing',
      reasons: ['licence_missing', 'birth_date_missing'],
    });
  });

  it('a minor gives the questionnaire attestation', () => {
    const f = file([licence('2026-2027')], [minorAttestation('2026-09-01')], '2012-03-04');
    expect(dossierOf(f, HEALTH, CODE_DU_SPORT, SETTINGS, '2026-11-28').status).toBe('ok');
    expect(
      dossierOf(
        file([licence('2026-2027')], [], '2012-03-04'),
        HEALTH,
        CODE_DU_SPORT,
        SETTINGS,
        '2026-11-28',
      ),
    ).toEqual({ status: 'missing', reasons: ['health_missing'] });
  });

  it('an 18th birthday inside the season: the attestation counts until the season ends', () => {
    const f = file([licence('2026-2027')], [minorAttestation('2026-09-01')], '2009-01-15');
    expect(dossierOf(f, HEALTH, CODE_DU_SPORT, SETTINGS, '2027-02-01').status).toBe('ok');
    expect(dossierOf(f, HEALTH, CODE_DU_SPORT, SETTINGS, '2027-08-15').status).toBe('soon');
    // The next season, an adult's renewal: the minor's attestation no longer counts.
    const next = file(
      [licence('2026-2027'), licence('2027-2028')],
      [minorAttestation('2026-09-01')],
      '2009-01-15',
    );
    expect(dossierOf(next, HEALTH, CODE_DU_SPORT, SETTINGS, '2027-09-15').status).toBe('missing');
  });

  it('contraintes particulières: a CACI at every licence, minors too, with or without a birth date', () => {
    const f = file([licence('2026-2027')], [minorAttestation('2026-09-01')], '2012-03-04');
    expect(dossierOf(f, HEALTH, CONTRAINTES_PARTICULIERES, SETTINGS, '2026-11-28').reasons).toEqual([
      'health_missing',
    ]);
    const g = file([licence('2026-2027')], [caci('2026-09-01')], null);
    expect(dossierOf(g, HEALTH, CONTRAINTES_PARTICULIERES, SETTINGS, '2026-11-28').status).toBe('ok');
    expect(dossierOf(g, HEALTH, FFESSM, SETTINGS, '2026-11-28').status).toBe('ok');
  });
});

describe('dossierOf: federations', () => {
  it('FFCK asks the savoir-nager attestation', () => {
    const f = file([licence('2026-2027')], [caci('2026-09-01')]);
    expect(dossierOf(f, HEALTH, FFCK, SETTINGS, '2026-11-28')).toEqual({
      status: 'missing',
      reasons: ['savoir_nager_missing'],
    });
    const swims = file(
      [licence('2026-2027')],
      [caci('2026-09-01'), { kind: 'savoir_nager', date: '2020-06-01', way: 'test' }],
    );
    expect(dossierOf(swims, HEALTH, FFCK, SETTINGS, '2026-11-28').status).toBe('ok');
    expect(dossierOf(f, HEALTH, CODE_DU_SPORT, SETTINGS, '2026-11-28').status).toBe('ok');
  });

  it('FFA: a licence type that does not open competition needs a PPS or a competition CACI', () => {
    const loisir = licence('2026-2027', { federation: 'FFA', type: 'Athlé Loisir' });
    const f = file([loisir], [caci('2026-09-01')]);
    expect(dossierOf(f, COMPETITION, FFA, SETTINGS, '2026-11-28').reasons).toEqual(['health_missing']);
    const pps = file([loisir], [caci('2026-09-01'), { kind: 'pps', date: '2026-10-01' }]);
    expect(dossierOf(pps, COMPETITION, FFA, SETTINGS, '2026-11-28').status).toBe('ok');
    // A PPS stands for three months: its last day is 31 December.
    expect(dossierOf(pps, COMPETITION, FFA, SETTINGS, '2026-12-05').status).toBe('soon');
    expect(dossierOf(pps, COMPETITION, FFA, SETTINGS, '2027-01-01').reasons).toEqual(['health_expired']);
    const competitive = file([{ ...loisir, type: 'Athlé Compétition' }], [caci('2026-09-01')]);
    expect(dossierOf(competitive, COMPETITION, FFA, SETTINGS, '2026-11-28').status).toBe('ok');
  });

  it('every preset is dated and sourced', () => {
    for (const preset of Object.values(MEMBER_FILE_PRESETS)) {
      expect(preset.checked).toBe('2026-11-25');
      expect(preset.sources.length).toBeGreaterThan(0);
      expect(preset.not_found.fr.length).toBe(preset.not_found.en.length);
    }
  });
});

describe('ordering and organisers', () => {
  it('mostSevere', () => {
    expect(mostSevere([])).toBe('ok');
    expect(mostSevere(['ok', 'soon'])).toBe('soon');
    expect(mostSevere(['soon', 'unknown', 'expired'])).toBe('expired');
    expect(mostSevere(['missing', 'expired'])).toBe('missing');
  });

  it('a « oui » reaches an organiser only as health_missing', () => {
    expect(dossierForOrganiser({ status: 'missing', reasons: ['caci_required'] })).toEqual({
      status: 'missing',
      reasons: ['health_missing'],
    });
    expect(
      dossierForOrganiser({
        status: 'missing',
        reasons: ['health_missing', 'caci_required', 'savoir_nager_missing'],
      }),
    ).toEqual({ status: 'missing', reasons: ['health_missing', 'savoir_nager_missing'] });
  });
});
