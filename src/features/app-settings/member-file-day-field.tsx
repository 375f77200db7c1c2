import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './app-settings.module.css';
import own from './member-file-settings.module.css';

const DAYS = Array.from({ length: 31 }, (_, i) => String(i + 1).padStart(2, '0'));
const MONTHS = Array.from({ length: 12 }, (_, i) => String(i + 1).padStart(2, '0'));

/** A month's name in the reader's language (the club's seasons are days of the year, `MM-DD`). */
const monthName = (month: string, language: string) =>
  new Intl.DateTimeFormat(language, { month: 'long', timeZone: 'UTC' }).format(
    new Date(`2028-${month}-01T12:00:00Z`),
  );

/** A day of the year as `MM-DD`, picked as a day and a month (docs/rules.md#members-file). */
export function MonthDayField({
  legend,
  hint,
  value,
  isValid,
  onChange,
}: {
  legend: string;
  hint: string;
  value: string;
  isValid: boolean;
  onChange: (monthDay: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [month = '09', day = '01'] = value.split('-');
  return (
    <fieldset className={own.group} aria-describedby={`${id}-hint`}>
      <legend>{legend}</legend>
      <div className={styles.row}>
        <label className={own.inline}>
          {t('memberFileSettings.day')}
          <select
            value={day}
            aria-invalid={!isValid}
            onChange={(event) => onChange(`${month}-${event.target.value}`)}
          >
            {DAYS.map((d) => (
              <option key={d} value={d}>
                {Number(d)}
              </option>
            ))}
          </select>
        </label>
        <label className={own.inline}>
          {t('memberFileSettings.month')}
          <select
            value={month}
            aria-invalid={!isValid}
            onChange={(event) => onChange(`${event.target.value}-${day}`)}
          >
            {MONTHS.map((m) => (
              <option key={m} value={m}>
                {monthName(m, i18n.language)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <p id={`${id}-hint`} className={styles.hint}>
        {hint}
      </p>
    </fieldset>
  );
}
