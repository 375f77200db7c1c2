import { type KeyboardEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { clubDayText } from '../series-text';
import styles from './editor.module.css';
import repeatStyles from './repeat.module.css';
import type { RepeatValues } from './repeat-preview';

interface Props {
  exceptDates: string[];
  /** Skipped days that are not days of the rule: marked, so the organiser sees which to remove. */
  outside: string[];
  onChange: (patch: Partial<RepeatValues>) => void;
}

/**
 * « Sauf les dates »: days of the rule that get no session, added one by one with a date field and listed
 * with a button each to take them back.
 */
export function RepeatExceptions({ exceptDates, outside, onChange }: Props) {
  const { t, i18n } = useTranslation();
  const legendId = useId();
  const [day, setDay] = useState('');
  const add = () => {
    if (day && !exceptDates.includes(day)) onChange({ exceptDates: [...exceptDates, day].sort() });
    setDay('');
  };
  // Enter in the date field adds the date rather than sending the whole form.
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    add();
  };
  return (
    <fieldset className={repeatStyles.skips} aria-labelledby={legendId}>
      <legend id={legendId}>{t('seriesSkip.legend')}</legend>
      <div className={repeatStyles.inline}>
        <input
          className={repeatStyles.date}
          type="date"
          aria-label={t('seriesSkip.date_label')}
          value={day}
          onChange={(e) => setDay(e.target.value)}
          onKeyDown={onKeyDown}
        />
        <button type="button" className="button" disabled={!day} onClick={add}>
          {t('seriesSkip.add')}
        </button>
      </div>
      {exceptDates.length === 0 ? (
        <p className={styles.hint}>{t('seriesSkip.none')}</p>
      ) : (
        <ul className={repeatStyles.skipList}>
          {exceptDates.map((date) => {
            const text = clubDayText(date, i18n.language);
            const isOutside = outside.includes(date);
            return (
              <li key={date} className={isOutside ? repeatStyles.outside : undefined}>
                <span>
                  {text}
                  {isOutside && ` — ${t('seriesSkip.outside')}`}
                </span>
                <button
                  type="button"
                  className={repeatStyles.remove}
                  aria-label={t('seriesSkip.remove', { date: text })}
                  onClick={() => onChange({ exceptDates: exceptDates.filter((d) => d !== date) })}
                >
                  <span aria-hidden="true">×</span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </fieldset>
  );
}
