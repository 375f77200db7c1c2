import { LIMITS } from '@common/contract/limits';
import { useTranslation } from 'react-i18next';
import styles from './editor.module.css';
import type { EventFormValues, FieldErrors } from './event-form-state';

interface Props {
  values: Pick<EventFormValues, 'title' | 'notes'>;
  errors: FieldErrors;
  shown: Partial<Record<keyof FieldErrors, boolean>>;
  /** The chosen model's name and description: what members read when these are left empty. */
  modelName: string;
  modelDescription: string;
  isReadOnly: boolean;
  onChange: (patch: Partial<EventFormValues>) => void;
  onBlur: (field: 'title' | 'notes') => void;
}

/**
 * The event's own title and notes, so two outings of one model read apart. Both optional: left empty, members
 * read the model's name and description, which the placeholders show.
 */
export function EventWordsFields({ values, errors, shown, modelName, modelDescription, ...props }: Props) {
  const { t } = useTranslation();
  const titleError = shown.title ? errors.title : undefined;
  const notesError = shown.notes ? errors.notes : undefined;
  return (
    <>
      <div className={styles.field}>
        <label htmlFor="event-title">{t('eventWords.title')}</label>
        <input
          id="event-title"
          maxLength={LIMITS.eventTitleMax}
          disabled={props.isReadOnly}
          value={values.title}
          placeholder={modelName}
          aria-invalid={titleError ? true : undefined}
          aria-describedby={titleError ? 'event-title-error' : 'event-title-hint'}
          onChange={(e) => props.onChange({ title: e.target.value })}
          onBlur={() => props.onBlur('title')}
        />
        {titleError ? (
          <p id="event-title-error" className={styles.error} role="alert">
            {t(titleError, { max: LIMITS.eventTitleMax })}
          </p>
        ) : (
          <p id="event-title-hint" className={styles.hint}>
            {t('eventWords.title_hint')}
          </p>
        )}
      </div>
      <div className={styles.field}>
        <label htmlFor="event-notes">{t('eventWords.notes')}</label>
        <textarea
          id="event-notes"
          maxLength={LIMITS.eventNotesMax}
          rows={3}
          disabled={props.isReadOnly}
          value={values.notes}
          placeholder={modelDescription}
          aria-invalid={notesError ? true : undefined}
          aria-describedby={notesError ? 'event-notes-error' : undefined}
          onChange={(e) => props.onChange({ notes: e.target.value })}
          onBlur={() => props.onBlur('notes')}
        />
        {notesError && (
          <p id="event-notes-error" className={styles.error} role="alert">
            {t(notesError, { max: LIMITS.eventNotesMax })}
          </p>
        )}
      </div>
    </>
  );
}
