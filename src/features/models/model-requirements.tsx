import type { Enforcement, Requirements } from '@common/contract/member-file';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import formStyles from '../../ui/form.module.css';
import styles from './model-requirements.module.css';

/** What a model asks of its subscribers' files, as the dialog holds it (docs/rules.md#members-file). */
export interface RequirementValues {
  requirements: Requirements;
  enforcement: Enforcement;
}

const REQUIREMENTS = ['licence', 'health', 'competition', 'savoir_nager'] as const;
const ENFORCEMENTS: readonly Enforcement[] = ['warn', 'block'];
const NOTHING: Requirements = { licence: false, health: false, competition: false, savoir_nager: false };

/** A model's values; one that asks nothing (null or absent) starts with no box ticked and « Prévenir ». */
export function requirementValuesOf(
  model: { requirements?: Requirements | null; enforcement?: Enforcement } | null,
): RequirementValues {
  return { requirements: model?.requirements ?? NOTHING, enforcement: model?.enforcement ?? 'warn' };
}

/** What the model sends: no box ticked asks nothing, so `requirements` is null (docs/rules.md#members-file). */
export function requirementInput(values: RequirementValues): {
  requirements: Requirements | null;
  enforcement: Enforcement;
} {
  const asksSomething = REQUIREMENTS.some((key) => values.requirements[key]);
  return { requirements: asksSomething ? values.requirements : null, enforcement: values.enforcement };
}

/** « Ce que le modèle demande » and « Si le dossier est incomplet » in the model dialog. */
export function ModelRequirementFields({
  values,
  onChange,
}: {
  values: RequirementValues;
  onChange: (values: RequirementValues) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const asksSomething = REQUIREMENTS.some((key) => values.requirements[key]);
  return (
    <>
      <fieldset className={styles.fieldset} aria-describedby={asksSomething ? undefined : `${id}-none`}>
        <legend>{t('memberFile.model.legend')}</legend>
        {REQUIREMENTS.map((key) => (
          <label key={key} className={formStyles.choice}>
            <input
              type="checkbox"
              checked={values.requirements[key]}
              onChange={(event) =>
                onChange({ ...values, requirements: { ...values.requirements, [key]: event.target.checked } })
              }
            />
            {t(`memberFile.model.${key}`)}
          </label>
        ))}
        {!asksSomething && (
          <p id={`${id}-none`} className={formStyles.hint}>
            {t('memberFile.model.none_hint')}
          </p>
        )}
      </fieldset>
      <fieldset className={styles.fieldset}>
        <legend>{t('memberFile.model.enforcement_legend')}</legend>
        {ENFORCEMENTS.map((enforcement) => (
          <label key={enforcement} className={formStyles.choice}>
            <input
              type="radio"
              name={`${id}-enforcement`}
              value={enforcement}
              checked={values.enforcement === enforcement}
              onChange={() => onChange({ ...values, enforcement })}
            />
            {t(`memberFile.model.${enforcement}`)}
          </label>
        ))}
      </fieldset>
    </>
  );
}
