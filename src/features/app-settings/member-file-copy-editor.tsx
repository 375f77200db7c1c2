import type { HealthPresetCopy } from '@common/contract/member-file';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import form from '../../ui/form.module.css';
import styles from './app-settings.module.css';
import own from './member-file-settings.module.css';

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
type Numeric = 'caci_months' | 'caci_after_yes_months';
type Flag = 'competition_caci' | 'savoir_nager' | 'competition_by_licence_type';
const FLAGS: readonly Flag[] = ['competition_caci', 'savoir_nager', 'competition_by_licence_type'];
/** The select's value for null (« jamais », « pas de PPS »): a select only holds text. */
const NONE = 'none';

/**
 * The club's copy of its preset (docs/rules.md#members-file), field by field in words; the bounds are the
 * contract's (healthPresetCopySchema), so every choice offered is one the server takes.
 */
export function PresetCopyEditor({
  copy,
  onChange,
}: {
  copy: HealthPresetCopy;
  onChange: (copy: HealthPresetCopy) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const months = (field: Numeric) => (
    <label className={own.inline}>
      {t(`memberFileSettings.copy.${field}`)}
      <select
        value={copy[field]}
        onChange={(event) => onChange({ ...copy, [field]: Number(event.target.value) })}
      >
        {range(1, 24).map((n) => (
          <option key={n} value={n}>
            {t('memberFileSettings.copy.months', { count: n })}
          </option>
        ))}
      </select>
    </label>
  );
  return (
    <fieldset className={own.group} aria-describedby={`${id}-hint`}>
      <legend>{t('memberFileSettings.copy.title')}</legend>
      <p id={`${id}-hint`} className={styles.hint}>
        {t('memberFileSettings.copy.hint')}
      </p>
      {months('caci_months')}
      {months('caci_after_yes_months')}
      <label className={own.inline}>
        {t('memberFileSettings.copy.adult_qs_renewals')}
        <select
          value={copy.adult_qs_renewals ?? NONE}
          onChange={(event) =>
            onChange({
              ...copy,
              adult_qs_renewals: event.target.value === NONE ? null : Number(event.target.value),
            })
          }
        >
          {range(0, 5).map((n) => (
            <option key={n} value={n}>
              {t('memberFileSettings.copy.renewals', { count: n })}
            </option>
          ))}
          <option value={NONE}>{t('memberFileSettings.copy.renewals_never')}</option>
        </select>
      </label>
      <label className={own.inline}>
        {t('memberFileSettings.copy.minor')}
        <select
          value={copy.minor}
          onChange={(event) =>
            onChange({ ...copy, minor: event.target.value === 'caci' ? 'caci' : 'questionnaire' })
          }
        >
          <option value="questionnaire">{t('memberFileSettings.copy.minor_questionnaire')}</option>
          <option value="caci">{t('memberFileSettings.copy.minor_caci')}</option>
        </select>
      </label>
      <label className={own.inline}>
        {t('memberFileSettings.copy.pps_months')}
        <select
          value={copy.pps_months ?? NONE}
          onChange={(event) =>
            onChange({ ...copy, pps_months: event.target.value === NONE ? null : Number(event.target.value) })
          }
        >
          <option value={NONE}>{t('memberFileSettings.copy.pps_none')}</option>
          {range(1, 12).map((n) => (
            <option key={n} value={n}>
              {t('memberFileSettings.copy.months', { count: n })}
            </option>
          ))}
        </select>
      </label>
      {FLAGS.map((flag) => (
        <label key={flag} className={form.choice}>
          <input
            type="checkbox"
            checked={copy[flag]}
            onChange={(event) => onChange({ ...copy, [flag]: event.target.checked })}
          />
          {t(`memberFileSettings.copy.${flag}`)}
        </label>
      ))}
    </fieldset>
  );
}
