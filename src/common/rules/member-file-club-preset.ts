import type { HealthPresetCopy, MemberFileSettings } from '../contract/member-file';
import { MEMBER_FILE_PRESETS, type MemberFilePreset } from './member-file-presets';

/**
 * The preset in force for a club (docs/rules.md#members-file): the club's edited copy while it is based on the
 * club's preset, else the preset as published. Pure: changing the copy changes the answer of the next
 * `dossierOf`, and nothing else (nobody is unsubscribed for it).
 */
export function clubPreset(
  settings: Pick<MemberFileSettings, 'health_profile' | 'health_preset_copy'>,
): MemberFilePreset {
  const preset = MEMBER_FILE_PRESETS[settings.health_profile];
  const copy = settings.health_preset_copy;
  if (!copy || copy.based_on !== preset.id) return preset;
  const { based_on: _basedOn, ...rules } = copy;
  return { ...preset, ...rules };
}

/** The rule fields of `preset`, as the first draft of the club's copy. */
export function copyOfPreset(preset: MemberFilePreset): HealthPresetCopy {
  return {
    based_on: preset.id,
    caci_months: preset.caci_months,
    caci_after_yes_months: preset.caci_after_yes_months,
    adult_qs_renewals: preset.adult_qs_renewals,
    minor: preset.minor,
    competition_caci: preset.competition_caci,
    savoir_nager: preset.savoir_nager,
    pps_months: preset.pps_months,
    competition_by_licence_type: preset.competition_by_licence_type,
  };
}
