import { passwordStrength } from '@common/rules/password';
import { useTranslation } from 'react-i18next';
import styles from './password-screens.module.css';
import { strengthLevel } from './password-strength';

/** The score as a bar coloured by band, and the band in words (colour is never the only signal). */
export function StrengthMeter({ password, describedById }: { password: string; describedById: string }) {
  const { t } = useTranslation();
  const score = passwordStrength(password);
  const level = strengthLevel(score);
  const words = t('password.strength_value', { level: t(`password.level_${level}`) });
  return (
    <div className={styles.strength}>
      {/* biome-ignore lint/a11y/useSemanticElements: a native <meter> cannot take the §5 band colours without vendor pseudo-elements */}
      <div
        role="meter"
        className={styles.meter}
        aria-label={t('password.strength_label')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={score}
        aria-valuetext={`${words} (${score}/100)`}
        aria-describedby={describedById}
      >
        <span className={styles.bar} data-score={score} data-level={level} />
      </div>
      <p className={styles.strengthText} data-level={level} aria-hidden="true">
        {words}
      </p>
    </div>
  );
}
