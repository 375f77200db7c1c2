import type { ClubSettings } from '@common/contract/settings';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { updateClubSettings } from '../../data/settings';
import { errorText } from '../../i18n/error-text';
import { showToast } from '../../state/toast-store';
import form from '../../ui/form.module.css';
import styles from './app-settings.module.css';

const HOURS_MAX = 72;

/**
 * The reminder delay and whether members see who's coming (docs/rules.md#club-settings); the club's look
 * has its own form (brand-form.tsx).
 */
export function ClubForm({
  saved,
  onSaved,
  isOnline,
  offlineReasonId,
}: {
  saved: ClubSettings;
  onSaved: (settings: ClubSettings) => void;
  isOnline: boolean;
  offlineReasonId: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [draft, setDraft] = useState<{ hours: string; showAttendees: boolean } | null>(null);
  const [isSaving, setIsSaving] = useState(false);

  const value = draft ?? { hours: String(saved.reminder_hours), showAttendees: saved.show_attendees };
  const hours = Number(value.hours);
  const isValid = value.hours.trim() !== '' && Number.isInteger(hours) && hours >= 0 && hours <= HOURS_MAX;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!isValid || isSaving || !isOnline) return;
    setIsSaving(true);
    try {
      onSaved(await updateClubSettings({ reminder_hours: hours, show_attendees: value.showAttendees }));
      setDraft(null);
      showToast('success', 'appSettings.club_saved');
    } catch (error) {
      showToast('error', 'appSettings.club_save_error', errorText(t, error));
    } finally {
      setIsSaving(false);
    }
  }

  return (
    <form
      className={`card ${styles.section}`}
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-labelledby={`${id}-title`}
    >
      <h2 id={`${id}-title`}>{t('appSettings.club_section')}</h2>
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
          onChange={(event) => setDraft({ ...value, hours: event.target.value })}
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
          {t('appSettings.reminder_invalid')}
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
