import type { EventDto } from '@common/contract/event';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './dialog.module.css';
import { KitChoice } from './kit-choice';

export interface GuestValues {
  first_name: string;
  last_name: string;
  age: string;
  email: string;
  phone: string;
  /** The guest's kit (docs/rules.md#kit), `[]` for their own equipment. */
  stuffs: string[];
}

/** Empty is fine (the email is optional); otherwise what the contract accepts. */
export const isEmailValid = (email: string): boolean =>
  email.trim() === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim());

/** The guest's fields (docs/rules.md#guests) and their kit (docs/rules.md#kit). */
export function GuestFields({
  values,
  stuffs,
  held,
  onChange,
}: {
  values: GuestValues;
  stuffs: EventDto['stuffs_available'];
  /** The kit the guest holds now (an edit): its items count as left for them. */
  held: readonly string[];
  onChange: (values: GuestValues) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const set = (field: Exclude<keyof GuestValues, 'stuffs'>) => (e: { target: { value: string } }) =>
    onChange({ ...values, [field]: e.target.value });
  const isEmailWrong = !isEmailValid(values.email);
  const text = (field: 'first_name' | 'last_name' | 'phone', type = 'text', extra = {}) => (
    <label className={styles.field}>
      {t(`guest.${field}`)}
      <input type={type} value={values[field]} onChange={set(field)} maxLength={100} {...extra} />
    </label>
  );
  return (
    <>
      {text('first_name', 'text', { required: true, autoComplete: 'off' })}
      {text('last_name', 'text', { required: true, autoComplete: 'off' })}
      <label className={styles.field}>
        {t('guest.age')}
        <input type="number" min={0} max={120} step={1} value={values.age} onChange={set('age')} />
      </label>
      <label className={styles.field}>
        {t('guest.email')}
        <input
          type="email"
          value={values.email}
          onChange={set('email')}
          aria-invalid={isEmailWrong}
          aria-describedby={isEmailWrong ? `${id}-email` : undefined}
        />
      </label>
      {isEmailWrong && (
        <p id={`${id}-email`} className={styles.error}>
          {t('guest.invalid_email')}
        </p>
      )}
      {text('phone', 'tel')}
      {stuffs.length > 0 && (
        <KitChoice
          stuffs={stuffs}
          value={values.stuffs}
          held={held}
          owner={values.first_name.trim() || t('memberKit.guest_name')}
          onChange={(kit) => onChange({ ...values, stuffs: kit })}
        />
      )}
    </>
  );
}
