import { SERIES_MAX_SESSIONS, WEEKDAYS } from '@common/contract/series';
import { type KeyboardEvent, type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { clubDayText, weekdayNames, weekdayOf } from '../series-text';
import styles from './editor.module.css';
import repeatStyles from './repeat.module.css';
import { RepeatExceptions } from './repeat-exceptions';
import type { RepeatPreview, RepeatValues } from './repeat-preview';

interface Props {
  repeat: RepeatValues;
  preview: RepeatPreview;
  startDay: string;
  /** Whether the preview's problems show (after a send was tried). */
  isShown: boolean;
  onChange: (patch: Partial<RepeatValues>) => void;
}

/** Arrow keys, Home and End move between the chips; Space and Enter press them (they are buttons). */
function moveFocus(e: KeyboardEvent<HTMLFieldSetElement>) {
  const chips = [...e.currentTarget.querySelectorAll('button')];
  const at = chips.indexOf(document.activeElement as HTMLButtonElement);
  if (at < 0) return;
  const next = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: chips.length - 1 }[e.key];
  if (next === undefined) return;
  e.preventDefault();
  chips[(next + chips.length) % chips.length]?.focus();
}

function WeekdayChips({ repeat, onChange }: Pick<Props, 'repeat' | 'onChange'>) {
  const { t, i18n } = useTranslation();
  const toggle = (day: (typeof WEEKDAYS)[number]) =>
    onChange({
      weekdays: repeat.weekdays.includes(day)
        ? repeat.weekdays.filter((d) => d !== day)
        : [...repeat.weekdays, day],
    });
  return (
    <fieldset className={repeatStyles.days} onKeyDown={moveFocus}>
      <legend>{t('series.weekdays')}</legend>
      {WEEKDAYS.map((day) => {
        const names = weekdayNames(day, i18n.language);
        return (
          <button
            key={day}
            type="button"
            className={repeatStyles.chip}
            aria-pressed={repeat.weekdays.includes(day)}
            onClick={() => toggle(day)}
          >
            <span aria-hidden="true">{names.short}</span>
            <span className={repeatStyles.hidden}>{names.full}</span>
          </button>
        );
      })}
    </fieldset>
  );
}

/** One way the series ends (a date, a number of sessions): its radio, and its field once chosen. */
function EndOption({
  mode,
  repeat,
  onChange,
  children,
}: Pick<Props, 'repeat' | 'onChange'> & { mode: RepeatValues['endMode']; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className={repeatStyles.inline}>
      <label className={styles.check}>
        <input
          type="radio"
          name="series-end"
          checked={repeat.endMode === mode}
          onChange={() => onChange({ endMode: mode })}
        />
        {t(mode === 'until' ? 'series.until' : 'series.count')}
      </label>
      {repeat.endMode === mode && children}
    </div>
  );
}

function PreviewText({ preview, isShown }: Pick<Props, 'preview' | 'isShown'>) {
  const { t, i18n } = useTranslation();
  if (preview.kind === 'ok') {
    const first = clubDayText(preview.first, i18n.language);
    const last = clubDayText(preview.last, i18n.language);
    const sessions =
      preview.count === 1
        ? t('series.preview_one', { first })
        : t('series.preview', { count: preview.count, first, last });
    return preview.skipped > 0
      ? `${sessions} · ${t('seriesSkip.skipped', { count: preview.skipped })}`
      : sessions;
  }
  if (preview.kind === 'skip_outside') return t('errors.series_skip_outside');
  if (preview.kind === 'too_many') return t('series.too_many', { max: SERIES_MAX_SESSIONS });
  if (preview.kind === 'empty') return t('series.none');
  // What is missing shows as a hint until a send is tried, then as the error it is.
  return isShown ? t(`series.${preview.kind}`) : t('series.incomplete');
}

/** "Répéter" (create only): weekdays, every N weeks, until a date or N times, and the live preview. */
export function RepeatFields({ repeat, preview, startDay, isShown, onChange }: Props) {
  const { t } = useTranslation();
  const previewId = useId();
  const isError =
    preview.kind === 'too_many' ||
    preview.kind === 'empty' ||
    preview.kind === 'skip_outside' ||
    (isShown && preview.kind !== 'ok');
  const turn = (isOn: boolean) =>
    onChange({
      isOn,
      // The start's weekday is the likely first choice.
      ...(isOn && repeat.weekdays.length === 0 && startDay ? { weekdays: [weekdayOf(startDay)] } : {}),
    });
  return (
    <fieldset className={styles.fieldset}>
      <legend>{t('series.repeat_legend')}</legend>
      <label className={styles.check}>
        <input
          type="checkbox"
          role="switch"
          aria-checked={repeat.isOn}
          checked={repeat.isOn}
          onChange={(e) => turn(e.target.checked)}
        />
        {t('series.repeat')}
      </label>
      {repeat.isOn && (
        <>
          <WeekdayChips repeat={repeat} onChange={onChange} />
          <div className={repeatStyles.inline}>
            <span aria-hidden="true">{t('series.every')}</span>
            <input
              className={repeatStyles.small}
              type="number"
              inputMode="numeric"
              min={1}
              max={52}
              aria-label={t('series.interval_label')}
              value={repeat.intervalWeeks}
              onChange={(e) => onChange({ intervalWeeks: e.target.value })}
            />
            <span aria-hidden="true">{t('series.weeks', { count: Number(repeat.intervalWeeks) || 2 })}</span>
          </div>
          <div role="radiogroup" aria-label={t('series.end')} className={repeatStyles.ends}>
            <EndOption mode="until" repeat={repeat} onChange={onChange}>
              <input
                className={repeatStyles.date}
                type="date"
                aria-label={t('series.until_label')}
                value={repeat.until}
                onChange={(e) => onChange({ until: e.target.value })}
              />
            </EndOption>
            <EndOption mode="count" repeat={repeat} onChange={onChange}>
              <input
                className={repeatStyles.small}
                type="number"
                inputMode="numeric"
                min={1}
                max={SERIES_MAX_SESSIONS}
                aria-label={t('series.count_label')}
                value={repeat.count}
                onChange={(e) => onChange({ count: e.target.value })}
              />
            </EndOption>
          </div>
          <RepeatExceptions
            exceptDates={repeat.exceptDates}
            outside={preview.kind === 'skip_outside' ? preview.outside : []}
            onChange={onChange}
          />
          <p
            id={previewId}
            className={isError ? styles.error : repeatStyles.preview}
            aria-live="polite"
            data-testid="series-preview"
          >
            <PreviewText preview={preview} isShown={isShown} />
          </p>
        </>
      )}
    </fieldset>
  );
}
