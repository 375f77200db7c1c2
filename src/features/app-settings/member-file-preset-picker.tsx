import type { HealthProfile } from '@common/contract/member-file';
import { MEMBER_FILE_PRESETS, type MemberFilePreset } from '@common/rules/member-file-presets';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import form from '../../ui/form.module.css';
import styles from './app-settings.module.css';
import own from './member-file-settings.module.css';

type Language = 'fr' | 'en';
const languageOf = (language: string): Language => (language.startsWith('en') ? 'en' : 'fr');
const checkedOn = (day: string, language: string) =>
  new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${day}T12:00:00Z`),
  );

/** One preset as data says it: its name, its sources, the day its facts were checked and what was not found. */
function PresetFacts({ preset, id }: { preset: MemberFilePreset; id: string }) {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  const missing = preset.not_found[language];
  return (
    <div id={id}>
      <p className={styles.hint}>
        {t('memberFileSettings.checked', { date: checkedOn(preset.checked, language) })}
      </p>
      <p className={styles.hint}>{t('memberFileSettings.sources')}</p>
      <ul className={own.presetFacts}>
        {preset.sources.map((source) => (
          <li key={source}>{source}</li>
        ))}
      </ul>
      <p className={styles.hint}>
        {missing.length === 0 ? t('memberFileSettings.all_found') : t('memberFileSettings.not_found')}
      </p>
      {missing.length > 0 && (
        <ul className={own.presetFacts}>
          {missing.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * The club's preset (docs/rules.md#members-file), each with where its facts come from. Choosing another one
 * drops the club's copy of the old one: the form says so before saving.
 */
export function PresetPicker({
  value,
  dropsCopy,
  onChange,
}: {
  value: HealthProfile;
  dropsCopy: boolean;
  onChange: (profile: HealthProfile) => void;
}) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const language = languageOf(i18n.language);
  return (
    <fieldset className={own.group}>
      <legend>{t('memberFileSettings.preset')}</legend>
      <ul className={own.presetList}>
        {Object.values(MEMBER_FILE_PRESETS).map((preset) => (
          <li key={preset.id} className={own.preset}>
            <label className={form.choice}>
              <input
                type="radio"
                name={`${id}-preset`}
                value={preset.id}
                checked={value === preset.id}
                aria-describedby={`${id}-${preset.id}`}
                onChange={() => onChange(preset.id)}
              />
              {preset.name[language]}
            </label>
            <PresetFacts preset={preset} id={`${id}-${preset.id}`} />
          </li>
        ))}
      </ul>
      {dropsCopy && (
        <p className={form.error} role="status">
          {t('memberFileSettings.copy_dropped')}
        </p>
      )}
    </fieldset>
  );
}
