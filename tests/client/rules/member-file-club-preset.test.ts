import type { HealthItem, MemberFileSettings, Requirements } from '@common/contract/member-file';
import { type DossierSettings, dossierOf, type MemberFile } from '@common/rules/member-file';
import { clubPreset, copyOfPreset } from '@common/rules/member-file-club-preset';
import { CODE_DU_SPORT, FFCK, MEMBER_FILE_PRESETS } from '@common/rules/member-file-presets';
import { describe, expect, it } from 'vitest';

// docs/rules.md#members-file: the club's edited copy of its preset is the preset in force while it is based on
// the club's preset; changing it changes the next answer and nothing else.
const SETTINGS: DossierSettings = { season_start: '09-01', grace_end: '09-30', licence_types: [] };
const HEALTH: Requirements = { licence: true, health: true, competition: false, savoir_nager: false };
const DAY = '2026-11-28';
const licence = (season: string) => ({ number: 'A123', federation: 'FFCK', type: 'Canoë Famille', season });
const caci = (date: string): HealthItem => ({ kind: 'caci', date, competition: false });
const qs = (date: string): HealthItem => ({ kind: 'qs_sport', date, all_no: true });

type PresetSettings = Pick<MemberFileSettings, 'health_profile' | 'health_preset_copy'>;

describe('clubPreset', () => {
  it('is the published preset without a copy', () => {
    expect(clubPreset({ health_profile: 'ffck', health_preset_copy: null })).toBe(FFCK);
  });

  it('is the copy while it is based on the club’s preset, keeping the preset’s sources and name', () => {
    const copy = { ...copyOfPreset(CODE_DU_SPORT), caci_months: 24, savoir_nager: true };
    const preset = clubPreset({ health_profile: 'code_du_sport', health_preset_copy: copy });
    expect(preset).toMatchObject({ id: 'code_du_sport', caci_months: 24, savoir_nager: true });
    expect(preset.sources).toEqual(CODE_DU_SPORT.sources);
    expect(preset.checked).toBe(CODE_DU_SPORT.checked);
    expect(preset).not.toHaveProperty('based_on');
  });

  it('ignores a copy based on another preset', () => {
    const copy = { ...copyOfPreset(CODE_DU_SPORT), caci_months: 24 };
    expect(clubPreset({ health_profile: 'ffck', health_preset_copy: copy })).toBe(FFCK);
  });

  it('a first copy holds the preset’s own rules', () => {
    for (const preset of Object.values(MEMBER_FILE_PRESETS))
      expect(clubPreset({ health_profile: preset.id, health_preset_copy: copyOfPreset(preset) })).toEqual(
        preset,
      );
  });
});

describe('a preset edited while members are subscribed', () => {
  // An adult at their first renewal: a CACI last season, the QS-SPORT attestation this one.
  const member: MemberFile = {
    birth_date: '1990-05-10',
    licences: [licence('2025-2026'), licence('2026-2027')],
    health: [caci('2025-09-01'), qs('2026-09-02')],
  };
  const published: PresetSettings = { health_profile: 'code_du_sport', health_preset_copy: null };
  // The club asks a CACI at every licence.
  const edited: PresetSettings = {
    health_profile: 'code_du_sport',
    health_preset_copy: { ...copyOfPreset(CODE_DU_SPORT), adult_qs_renewals: 0 },
  };

  it.each([
    ['the published preset', published, { status: 'ok', reasons: [] }],
    ['the edited copy', edited, { status: 'expired', reasons: ['health_expired'] }],
    ['the copy dropped again', published, { status: 'ok', reasons: [] }],
  ])('under %s the dossier is recomputed: %j', (_name, settings, expected) => {
    expect(dossierOf(member, HEALTH, clubPreset(settings), SETTINGS, DAY)).toEqual(expected);
  });

  it('a longer CACI in the copy makes an old one count', () => {
    const old: MemberFile = { ...member, licences: [licence('2026-2027')], health: [caci('2025-06-01')] };
    const longer: PresetSettings = {
      health_profile: 'code_du_sport',
      health_preset_copy: { ...copyOfPreset(CODE_DU_SPORT), caci_months: 24 },
    };
    expect(dossierOf(old, HEALTH, clubPreset(published), SETTINGS, DAY).status).toBe('expired');
    expect(dossierOf(old, HEALTH, clubPreset(longer), SETTINGS, DAY).status).toBe('ok');
  });

  it('that is all it does: the settings, the presets and the file are left as they were', () => {
    const before = structuredClone({ edited, member, presets: MEMBER_FILE_PRESETS });
    const preset = clubPreset(edited);
    dossierOf(member, HEALTH, preset, SETTINGS, DAY);
    expect({ edited, member, presets: MEMBER_FILE_PRESETS }).toEqual(before);
    expect(CODE_DU_SPORT.adult_qs_renewals).toBe(2);
    expect(preset).not.toBe(CODE_DU_SPORT);
  });
});
