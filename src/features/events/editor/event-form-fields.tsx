import type { EventDto } from '@common/contract/event';
import { LIMITS } from '@common/contract/limits';
import { useTranslation } from 'react-i18next';
import { useModels, useStuffs } from '../../../data/catalog';
import styles from './editor.module.css';
import type { EventFormValues, FieldErrors } from './event-form-state';
import { EventWordsFields } from './event-words-fields';
import { MeetingPointField } from './meeting-point-field';

interface FieldsProps {
  values: EventFormValues;
  errors: FieldErrors;
  /** Errors show once the user tried to send, or left the field. */
  shown: Partial<Record<keyof FieldErrors, boolean>>;
  onChange: (patch: Partial<EventFormValues>) => void;
  onBlur: (field: keyof FieldErrors) => void;
  event: EventDto | null;
  isReadOnly: boolean;
  /** What the form took from the model's last event, said under the model. */
  startNote?: string | null;
}

function ErrorText({ id, text }: { id: string; text: string | undefined }) {
  return text ? (
    <p id={id} className={styles.error} role="alert">
      {text}
    </p>
  ) : null;
}

/** Start or end: a club-day date and a time (00:00 unless changed). */
function DateTimeFields({ which, props }: { which: 'start' | 'end'; props: FieldsProps }) {
  const { t } = useTranslation();
  const { values, errors, shown, onChange, onBlur, isReadOnly } = props;
  const dayKey = which === 'start' ? 'startDay' : 'endDay';
  const timeKey = which === 'start' ? 'startTime' : 'endTime';
  const error = shown[dayKey] ? errors[dayKey] : undefined;
  const errorId = `event-${which}-error`;
  return (
    <fieldset className={styles.fieldset}>
      <legend>{t(`eventForm.${which}`)}</legend>
      <div className={styles.pair}>
        <div className={styles.field}>
          <label htmlFor={`event-${which}-day`}>{t('eventForm.date')}</label>
          <input
            id={`event-${which}-day`}
            type="date"
            required
            disabled={isReadOnly}
            value={values[dayKey]}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(e) => onChange({ [dayKey]: e.target.value })}
            onBlur={() => onBlur(dayKey)}
          />
        </div>
        <div className={styles.field}>
          <label htmlFor={`event-${which}-time`}>{t('eventForm.time')}</label>
          <input
            id={`event-${which}-time`}
            type="time"
            disabled={isReadOnly}
            value={values[timeKey]}
            onChange={(e) => onChange({ [timeKey]: e.target.value })}
            onBlur={() => onBlur(dayKey)}
          />
        </div>
      </div>
      <ErrorText id={errorId} text={error && t(error)} />
    </fieldset>
  );
}

function AddressFields({ props }: { props: FieldsProps }) {
  const { t } = useTranslation();
  const { values, onChange, isReadOnly, event } = props;
  const fields = [
    ['street', 'street', LIMITS.nameMax, 'street-address'],
    ['city', 'city', LIMITS.nameMax, 'address-level2'],
    ['zipCode', 'zip_code', LIMITS.zipMax, 'postal-code'],
  ] as const;
  return (
    <fieldset className={styles.fieldset}>
      <legend>{t('eventForm.address')}</legend>
      <div className={`${styles.pair} ${styles.address}`}>
        {fields.map(([key, label, max, autoComplete]) => (
          <div key={key} className={styles.field}>
            <label htmlFor={`event-${key}`}>{t(`eventForm.${label}`)}</label>
            <input
              id={`event-${key}`}
              maxLength={max}
              autoComplete={autoComplete}
              disabled={isReadOnly}
              value={values[key]}
              onChange={(e) => onChange({ [key]: e.target.value })}
            />
          </div>
        ))}
      </div>
      {event && (
        <p className={styles.hint} data-testid="event-location">
          {event.location ? (
            <a href={event.location} target="_blank" rel="noopener noreferrer">
              {t('eventForm.location')}
            </a>
          ) : (
            t('eventForm.location_none')
          )}
        </p>
      )}
    </fieldset>
  );
}

function PlacesFields({ props }: { props: FieldsProps }) {
  const { t } = useTranslation();
  const { values, errors, shown, onChange, onBlur, isReadOnly } = props;
  const error = shown.maxSubscribers ? errors.maxSubscribers : undefined;
  return (
    <>
      <label className={styles.check}>
        <input
          type="checkbox"
          disabled={isReadOnly}
          checked={values.isInfinite}
          onChange={(e) => onChange({ isInfinite: e.target.checked })}
        />
        {t('eventForm.infinite')}
      </label>
      {!values.isInfinite && (
        <div className={styles.field}>
          <label htmlFor="event-max">{t('eventForm.max_subscribers')}</label>
          <input
            id="event-max"
            type="number"
            inputMode="numeric"
            min={LIMITS.maxSubscribersMin}
            max={LIMITS.maxSubscribersMax}
            required
            disabled={isReadOnly}
            value={values.maxSubscribers}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'event-max-error' : undefined}
            onChange={(e) => onChange({ maxSubscribers: e.target.value })}
            onBlur={() => onBlur('maxSubscribers')}
          />
          <ErrorText
            id="event-max-error"
            text={error && t(error, { min: LIMITS.maxSubscribersMin, max: LIMITS.maxSubscribersMax })}
          />
        </div>
      )}
    </>
  );
}

function StuffFields({ props }: { props: FieldsProps }) {
  const { t } = useTranslation();
  const stuffs = useStuffs();
  const { values, onChange, isReadOnly } = props;
  const toggle = (uuid: string, on: boolean) =>
    onChange({
      stuffUuids: on ? [...values.stuffUuids, uuid] : values.stuffUuids.filter((u) => u !== uuid),
    });
  return (
    <fieldset className={styles.fieldset}>
      <legend>{t('eventForm.stuffs')}</legend>
      {stuffs?.length === 0 && <p className={styles.hint}>{t('eventForm.no_stuffs')}</p>}
      {[...(stuffs ?? [])]
        .sort((a, b) => a.name.localeCompare(b.name))
        .map((stuff) => (
          <label key={stuff.uuid} className={styles.check}>
            <input
              type="checkbox"
              disabled={isReadOnly}
              checked={values.stuffUuids.includes(stuff.uuid)}
              onChange={(e) => toggle(stuff.uuid, e.target.checked)}
            />
            <span>
              {stuff.name}{' '}
              <span className={styles.stock}>
                (
                {stuff.is_infinite
                  ? t('eventForm.stock_infinite')
                  : t('eventForm.stock', { count: stuff.stock })}
                )
              </span>
            </span>
          </label>
        ))}
    </fieldset>
  );
}

/**
 * The event form's fields: model, start and end, address and meeting point, places, equipment offered; and
 * the event's own title and notes.
 */
export function EventFormFields(props: FieldsProps) {
  const { t } = useTranslation();
  const models = useModels();
  const { values, errors, shown, onChange, onBlur, isReadOnly } = props;
  const modelError = shown.modelUuid ? errors.modelUuid : undefined;
  const model = models?.find((m) => m.uuid === values.modelUuid);
  if (models === undefined) return <p className={styles.hint}>{t('eventForm.loading')}</p>;
  return (
    <>
      <div className={styles.field}>
        <label htmlFor="event-model">{t('eventForm.model')}</label>
        <select
          id="event-model"
          required
          disabled={isReadOnly}
          value={values.modelUuid}
          aria-invalid={modelError ? true : undefined}
          aria-describedby={modelError ? 'event-model-error' : undefined}
          onChange={(e) => onChange({ modelUuid: e.target.value })}
          onBlur={() => onBlur('modelUuid')}
        >
          <option value="">{t('eventForm.model_placeholder')}</option>
          {[...models]
            .sort((a, b) => a.name.localeCompare(b.name))
            .map((model) => (
              <option key={model.uuid} value={model.uuid}>
                {model.name}
              </option>
            ))}
        </select>
        {models.length === 0 && <p className={styles.hint}>{t('eventForm.no_models')}</p>}
        <ErrorText id="event-model-error" text={modelError && t(modelError)} />
        {props.startNote && (
          <p className={styles.hint} role="status">
            {props.startNote}
          </p>
        )}
      </div>
      <EventWordsFields
        values={values}
        errors={errors}
        shown={shown}
        modelName={model?.name ?? ''}
        modelDescription={model?.description ?? ''}
        isReadOnly={isReadOnly}
        onChange={onChange}
        onBlur={onBlur}
      />
      <DateTimeFields which="start" props={props} />
      <DateTimeFields which="end" props={props} />
      <AddressFields props={props} />
      <MeetingPointField
        value={values.meetingPoint}
        error={shown.meetingPoint ? errors.meetingPoint : undefined}
        isReadOnly={isReadOnly}
        onChange={onChange}
        onBlur={onBlur}
      />
      <PlacesFields props={props} />
      <StuffFields props={props} />
    </>
  );
}
