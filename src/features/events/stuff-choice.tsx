import type { EventDto } from '@common/contract/event';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './dialog.module.css';

type EventStuff = EventDto['stuffs_available'][number];

/**
 * Own equipment or one offered stuff; none left cannot be chosen; fixed once subscribed
 * (docs/rules.md#subscriptions).
 */
export function StuffChoice({
  stuffs,
  value,
  isLocked,
  lockedHint,
  onChange,
}: {
  stuffs: EventStuff[];
  value: string;
  isLocked: boolean;
  /** Why the choice is fixed, when it is fixed by the subscription. */
  lockedHint?: string;
  onChange: (uuid: string) => void;
}) {
  const { t } = useTranslation();
  const name = useId();
  const hintId = useId();
  const options = [
    { uuid: '', label: t('registration.own_stuff'), isEmpty: false },
    ...stuffs.map((s) => ({
      uuid: s.uuid,
      label:
        s.available === null
          ? t('registration.stuff_unlimited', { name: s.name })
          : t('registration.stuff_left', { name: s.name, count: s.available }),
      isEmpty: s.available !== null && s.available <= 0,
    })),
  ];
  return (
    <fieldset className={styles.fieldset} aria-describedby={lockedHint ? hintId : undefined}>
      <legend>{t('registration.stuff_legend')}</legend>
      {options.map((option) => (
        <label key={option.uuid || 'own'} className={styles.choice}>
          <input
            type="radio"
            name={name}
            value={option.uuid}
            checked={value === option.uuid}
            disabled={isLocked || option.isEmpty}
            onChange={() => onChange(option.uuid)}
          />
          {option.label}
        </label>
      ))}
      {lockedHint && (
        <p id={hintId} className={styles.hint}>
          {lockedHint}
        </p>
      )}
    </fieldset>
  );
}
