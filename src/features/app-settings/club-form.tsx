import type { ClubSettings } from '@common/contract/settings';
import { type FormEvent, useCallback, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readClubSettingsForAdmin, updateClubSettings } from '../../data/settings';
import { errorText } from '../../i18n/error-text';
import { showToast } from '../../state/toast-store';
import form from '../../ui/form.module.css';
import styles from './app-settings.module.css';

const NAME_MAX = 80;
const HOURS_MAX = 72;

/**
 * The club's name, colour and reminder delay and whether members see who's coming
 * (docs/rules.md#club-settings); the header and the mails follow once saved.
 */
export function ClubForm({ isOnline, offlineReasonId }: { isOnline: boolean; offlineReasonId: string }) {
  const { t } = useTranslation();
  const id = useId();
  const [saved, setSaved] = useState<ClubSettings | 'loading' | 'failed'>('loading');
  const [draft, setDraft] = useState<{
    name: string;
    colour: string;
    hours: string;
    showAttendees: boolean;
  } | null>(null);
  const [isSaving, setIsSaving] = useState(false);

  const load = useCallback(() => {
    setSaved('loading');
    readClubSettingsForAdmin().then(setSaved, () => setSaved('failed'));
  }, []);
  useEffect(() => {
    if (isOnline) load();
  }, [isOnline, load]);

  if (saved === 'loading' || saved === 'failed') {
    return (
      <section className={`card ${styles.section}`} aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`}>{t('appSettings.club_section')}</h2>
        {saved === 'loading' ? (
          // Offline, the screen's own notice says why (one status, not two).
          <p role={isOnline ? 'status' : undefined} aria-describedby={isOnline ? undefined : offlineReasonId}>
            {t(isOnline ? 'appSettings.club_loading' : 'appSettings.club_load_error')}
          </p>
        ) : (
          <div className={styles.row}>
            <p role="alert">{t('appSettings.club_load_error')}</p>
            <button type="button" className="button" onClick={load} disabled={!isOnline}>
              {t('appSettings.club_retry')}
            </button>
          </div>
        )}
      </section>
    );
  }

  const value = draft ?? {
    name: saved.club_name,
    colour: saved.accent_colour,
    hours: String(saved.reminder_hours),
    showAttendees: saved.show_attendees,
  };
  const hours = Number(value.hours);
  const isValid =
    value.name.trim().length > 0 &&
    value.name.trim().length <= NAME_MAX &&
    value.hours.trim() !== '' &&
    Number.isInteger(hours) &&
    hours >= 0 &&
    hours <= HOURS_MAX;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!isValid || isSaving || !isOnline) return;
    setIsSaving(true);
    try {
      setSaved(
        await updateClubSettings({
          club_name: value.name.trim(),
          accent_colour: value.colour,
          reminder_hours: hours,
          show_attendees: value.showAttendees,
        }),
      );
      setDraft(null);
      showToast('success', 'appSettings.club_saved');
    } catch (error) {
      showToast('error', 'appSettings.club_save_error', errorText(t, error));
    } finally {
      setIsSaving(false);
    }
  }
  const change = (field: 'name' | 'colour' | 'hours', next: string) => setDraft({ ...value, [field]: next });

  return (
    <form className={`card ${styles.section}`} onSubmit={(event) => void submit(event)} noValidate>
      <h2>{t('appSettings.club_section')}</h2>
      <div className={form.field}>
        <label htmlFor={`${id}-name`}>{t('appSettings.club_name_label')}</label>
        <input
          id={`${id}-name`}
          className={styles.input}
          value={value.name}
          maxLength={NAME_MAX}
          required
          aria-invalid={value.name.trim() === ''}
          onChange={(event) => change('name', event.target.value)}
        />
      </div>
      <div className={form.field}>
        <label htmlFor={`${id}-colour`}>{t('appSettings.accent_label')}</label>
        <div className={styles.row}>
          <input
            id={`${id}-colour`}
            type="color"
            className={styles.colour}
            value={value.colour}
            aria-describedby={`${id}-colour-hint`}
            onChange={(event) => change('colour', event.target.value)}
          />
          <span className={styles.hint} aria-hidden="true">
            {value.colour}
          </span>
        </div>
        <p id={`${id}-colour-hint`} className={styles.hint}>
          {t('appSettings.accent_hint')}
        </p>
      </div>
      <div className={form.field}>
        <label htmlFor={`${id}-hours`}>{t('appSettings.reminder_label')}</label>
        <input
          id={`${id}-hours`}
          type="number"
          inputMode="numeric"
          min={0}
          max={HOURS_MAX}
          step={1}
          className={styles.hours}
          value={value.hours}
          aria-invalid={!isValid}
          aria-describedby={`${id}-hours-hint`}
          onChange={(event) => change('hours', event.target.value)}
        />
        <p id={`${id}-hours-hint`} className={styles.hint}>
          {t('appSettings.reminder_hint')}
        </p>
      </div>
      <div className={form.field}>
        <label className={styles.toggle}>
          <input
            type="checkbox"
            className={styles.check}
            checked={value.showAttendees}
            aria-describedby={`${id}-attendees-hint`}
            onChange={(event) => setDraft({ ...value, showAttendees: event.target.checked })}
          />
          {t('appSettings.show_attendees')}
        </label>
        <p id={`${id}-attendees-hint`} className={styles.hint}>
          {t('appSettings.show_attendees_hint')}
        </p>
      </div>
      {!isValid && (
        <p className={form.error} role="alert">
          {t('appSettings.club_invalid')}
        </p>
      )}
      <div>
        <button
          type="submit"
          className="button button-primary"
          disabled={!isValid || isSaving || !isOnline}
          aria-describedby={isOnline ? undefined : offlineReasonId}
        >
          {t(isSaving ? 'appSettings.club_saving' : 'appSettings.club_save')}
        </button>
      </div>
    </form>
  );
}
