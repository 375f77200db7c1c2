import { useTranslation } from 'react-i18next';
import styles from './editor.module.css';
import type { SeriesScope } from './series-changes';

/** "Cette séance" / "Cette séance et les suivantes": which sessions of the series a change reaches. */
export function SeriesScopeChoice({
  name,
  value,
  onChange,
}: {
  /** The radios' group name: unique on the page (the form and its cancel confirmation both show one). */
  name: string;
  value: SeriesScope;
  onChange: (scope: SeriesScope) => void;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className={styles.fieldset}>
      <legend>{t('series.scope_legend')}</legend>
      {(['one', 'following'] as const).map((scope) => (
        <label key={scope} className={styles.check}>
          <input type="radio" name={name} checked={value === scope} onChange={() => onChange(scope)} />
          {t(scope === 'one' ? 'series.scope_one' : 'series.scope_following')}
        </label>
      ))}
    </fieldset>
  );
}
