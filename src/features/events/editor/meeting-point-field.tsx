import { LIMITS } from '@common/contract/limits';
import { useTranslation } from 'react-i18next';
import styles from './editor.module.css';
import type { EventFormValues, FieldErrors } from './event-form-state';

interface Props {
  value: string;
  /** An i18n key, shown once the user left the field or tried to send. */
  error: string | undefined;
  isReadOnly: boolean;
  onChange: (patch: Partial<EventFormValues>) => void;
  onBlur: (field: keyof FieldErrors) => void;
}

/**
 * Where members meet (docs/rules.md#events): the shed, the slipway, the car park. Optional, one line, shown in
 * the event's sheet and told in the reminder beside the address.
 */
export function MeetingPointField({ value, error, isReadOnly, onChange, onBlur }: Props) {
  const { t } = useTranslation();
  return (
    <div className={styles.field}>
      <label htmlFor="event-meeting-point">{t('eventWords.meeting_point')}</label>
      <input
        id="event-meeting-point"
        maxLength={LIMITS.meetingPointMax}
        disabled={isReadOnly}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'event-meeting-point-error' : 'event-meeting-point-hint'}
        onChange={(e) => onChange({ meetingPoint: e.target.value })}
        onBlur={() => onBlur('meetingPoint')}
      />
      {error ? (
        <p id="event-meeting-point-error" className={styles.error} role="alert">
          {t(error, { max: LIMITS.meetingPointMax })}
        </p>
      ) : (
        <p id="event-meeting-point-hint" className={styles.hint}>
          {t('eventWords.meeting_point_hint')}
        </p>
      )}
    </div>
  );
}
