import { LIMITS } from '@common/contract/limits';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './editor.module.css';

/** The organiser's optional word to those a cancellation tells, with its length. */
export function CancelMessageField({
  value,
  onChange,
}: {
  value: string;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  const fieldId = useId();
  const hintId = useId();
  return (
    <div className={styles.field}>
      <label htmlFor={fieldId}>{t('cancelEvent.message_label')}</label>
      <textarea
        id={fieldId}
        value={value}
        maxLength={LIMITS.cancelMessageMax}
        aria-describedby={hintId}
        onChange={(e) => onChange(e.target.value)}
      />
      <p id={hintId} className={styles.hint}>
        {t('cancelEvent.message_hint', { count: value.length, max: LIMITS.cancelMessageMax })}
      </p>
    </div>
  );
}
