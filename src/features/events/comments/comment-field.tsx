import { LIMITS } from '@common/contract/limits';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { commentProblem } from '../../../data/comments';
import styles from './comments.module.css';

/**
 * A comment's text box, for a new message and an edit: labelled, capped at the server's length, with the
 * characters used and what the server would refuse said before sending. Answers whether it may be sent.
 */
export function CommentField({
  label,
  value,
  onChange,
  describedBy,
}: {
  label: string;
  value: string;
  onChange: (text: string) => void;
  describedBy?: string;
}) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const counterId = useId();
  const problemId = useId();
  const problem = commentProblem(value);
  const isShownProblem = problem === 'too_long' || problem === 'invalid_characters';
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        value={value}
        maxLength={LIMITS.commentMax}
        rows={3}
        aria-invalid={isShownProblem || undefined}
        aria-describedby={[counterId, isShownProblem ? problemId : '', describedBy ?? ''].join(' ').trim()}
        onChange={(e) => onChange(e.target.value)}
      />
      <span id={counterId} className={styles.hint}>
        {t('comments.counter', {
          count: value.length,
          max: LIMITS.commentMax.toLocaleString(i18n.language === 'en' ? 'en-GB' : 'fr-FR'),
        })}
      </span>
      {isShownProblem && (
        <span id={problemId} className={styles.error}>
          {t(`comments.${problem}`, { max: LIMITS.commentMax })}
        </span>
      )}
    </div>
  );
}

export const isSendable = (text: string): boolean => commentProblem(text) === null;
