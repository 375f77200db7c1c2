import type { HealthProfile } from '../contract/member-file';

/**
 * Presets for the member's file, as data (docs/rules.md#members-file). Each says where its facts come from,
 * when they were checked, and what was not found; where a fact was not found it holds the club rule named in
 * its `not_found`, and an Admin edits the club's copy.
 */
export interface MemberFilePreset {
  id: HealthProfile;
  name: { fr: string; en: string };
  sources: readonly string[];
  checked: string;
  not_found: { fr: readonly string[]; en: readonly string[] };
  /** Months a CACI stays valid, counted on the day asked (D.231-1-1). */
  caci_months: number;
  /** Months a CACI asked for after a « oui » stays valid. */
  caci_after_yes_months: number;
  /**
   * Adults: the licences after the first one (a CACI) that take the QS-SPORT attestation before a new CACI
   * is asked; 0 asks a CACI at every licence, null never asks a new one while the licences follow each other.
   */
  adult_qs_renewals: number | null;
  /** Minors: the questionnaire attestation, or a CACI at every licence. */
  minor: 'questionnaire' | 'caci';
  /** An event that is a competition asks a CACI that covers competition (minors: their own rule). */
  competition_caci: boolean;
  /** The savoir-nager attestation is asked wherever the model asks a licence or health papers. */
  savoir_nager: boolean;
  /** Months a PPS stands for the competition CACI of an adult with no competition licence; null: no PPS. */
  pps_months: number | null;
  /** Only licences whose club licence type opens competition cover a competition's health check. */
  competition_by_licence_type: boolean;
}

const CHECKED = '2026-11-25';

export const CODE_DU_SPORT: MemberFilePreset = {
  id: 'code_du_sport',
  name: { fr: 'Code du sport', en: 'French sports code' },
  sources: [
    'https://www.fscfrance.fr (2021/09, questionnaire de santé mineurs)',
    'https://sites.ffkarate.fr (circulaire du 27 juillet 2021)',
    'https://www.ginestie.com (certificat médical, nouveau décret)',
    'https://www.archersdelacite.com (pratique FFTA)',
  ],
  checked: CHECKED,
  not_found: {
    fr: [
      'Majeurs : chaque fédération décide (loi 2022-296) ; le schéma courant est appliqué (CACI à la première licence, QS-SPORT pour deux renouvellements).',
    ],
    en: [
      'Adults: each federation decides (loi 2022-296); the common pattern is used (a CACI at the first licence, QS-SPORT for two renewals).',
    ],
  },
  caci_months: 12,
  caci_after_yes_months: 6,
  adult_qs_renewals: 2,
  minor: 'questionnaire',
  competition_caci: true,
  savoir_nager: false,
  pps_months: null,
  competition_by_licence_type: false,
};

export const CONTRAINTES_PARTICULIERES: MemberFilePreset = {
  id: 'contraintes_particulieres',
  name: { fr: 'Disciplines à contraintes particulières', en: 'Disciplines with particular constraints' },
  sources: [
    'https://www.service-public.fr (fiche F1030)',
    'https://www.fsgt38.org (actualisation de la liste, décret 2023-853)',
  ],
  checked: CHECKED,
  not_found: { fr: [], en: [] },
  caci_months: 12,
  caci_after_yes_months: 6,
  adult_qs_renewals: 0,
  minor: 'caci',
  competition_caci: true,
  savoir_nager: false,
  pps_months: null,
  competition_by_licence_type: false,
};

export const FFCK: MemberFilePreset = {
  id: 'ffck',
  name: { fr: 'FFCK (canoë-kayak)', en: 'FFCK (canoe-kayak)' },
  sources: [
    'https://www.kayakdemer35.fr (règlement intérieur)',
    'https://www.caminokayak.com (réglementation)',
  ],
  checked: CHECKED,
  not_found: {
    fr: [
      'La règle du CACI des majeurs depuis 2022 : non trouvée ; règle de club appliquée (un CACI à la première licence, puis l’attestation QS-SPORT).',
    ],
    en: [
      'The adult CACI rule since 2022: not found; a club rule is used (a CACI at the first licence, then the QS-SPORT attestation).',
    ],
  },
  caci_months: 12,
  caci_after_yes_months: 6,
  adult_qs_renewals: null,
  minor: 'questionnaire',
  competition_caci: true,
  savoir_nager: true,
  pps_months: null,
  competition_by_licence_type: false,
};

export const FFESSM: MemberFilePreset = {
  id: 'ffessm',
  name: { fr: 'FFESSM (plongée)', en: 'FFESSM (diving)' },
  sources: ['https://www.coregua.fr (santé du licencié)', 'https://www.ffessm35.fr'],
  checked: CHECKED,
  not_found: {
    fr: [
      'Le preset suit la plongée en scaphandre et l’apnée au-delà de 6 m (un CACI pour tous, mineurs compris) ; pour les autres activités (apnée à moins de 6 m, nage avec palmes, hockey subaquatique), les mineurs donnent l’attestation du questionnaire : modifiez la copie du club.',
    ],
    en: [
      'The preset follows scuba diving and apnea deeper than 6 m (a CACI for everyone, minors included); for the other activities (apnea under 6 m, fin swimming, underwater hockey) minors give the questionnaire attestation: edit the club’s copy.',
    ],
  },
  caci_months: 12,
  caci_after_yes_months: 6,
  adult_qs_renewals: 0,
  minor: 'caci',
  competition_caci: true,
  savoir_nager: false,
  pps_months: null,
  competition_by_licence_type: false,
};

export const FFA: MemberFilePreset = {
  id: 'ffa',
  name: { fr: 'FFA (athlétisme)', en: 'FFA (athletics)' },
  sources: ['https://www.corrida-de-noel-toulouse.fr (PPS)', 'https://www.lafouleedeszelephants.fr'],
  checked: CHECKED,
  not_found: {
    fr: [
      'Le renouvellement des licences des majeurs : non trouvé ; le schéma du Code du sport est appliqué (CACI à la première licence, QS-SPORT pour deux renouvellements).',
    ],
    en: [
      'The renewal of adults’ licences: not found; the French sports code pattern is used (a CACI at the first licence, QS-SPORT for two renewals).',
    ],
  },
  caci_months: 12,
  caci_after_yes_months: 6,
  adult_qs_renewals: 2,
  minor: 'questionnaire',
  competition_caci: true,
  savoir_nager: false,
  pps_months: 3,
  competition_by_licence_type: true,
};

export const MEMBER_FILE_PRESETS: Readonly<Record<HealthProfile, MemberFilePreset>> = {
  code_du_sport: CODE_DU_SPORT,
  contraintes_particulieres: CONTRAINTES_PARTICULIERES,
  ffck: FFCK,
  ffessm: FFESSM,
  ffa: FFA,
};
