import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { updateSlogan, useSlogan } from '../../data/settings';
import { errorText } from '../../i18n/error-text';
import { showToast } from '../../state/toast-store';
import form from '../../ui/form.module.css';
import styles from './app-settings.module.css';

const SLOGAN_MAX = 500;

/** The slogan field with its update button; the header shows the new slogan as soon as it is saved. */
export function SloganForm({ isOnline, offlineReasonId }: { isOnline: boolean; offlineReasonId: string }) {
  const { t } = useTranslation();
  const id = useId();
  const saved = useSlogan();
  // Null until the user types: the field follows the saved slogan (a sync may bring a newer one) till then.
  const [draft, setDraft] = useState<string | null>(null);
  const [isSaving, setIsSaving] = useState(false);
  const value = draft ?? saved;
  const isBlank = value.trim() === '';

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (isBlank || isSaving || !isOnline) return;
    setIsSaving(true);
    try {
      await updateSlogan(value.trim());
      setDraft(null);
      showToast('success', 'appSettings.slogan_updated');
    } catch (error) {
      showToast('error', 'appSettings.slogan_update_error', errorText(t, error));
    } finally {
      setIsSaving(false);
    }
  }

  return (
    <form className={`card ${styles.section}`} onSubmit={(event) => void submit(event)} noValidate>
      <h2>{t('appSettings.slogan_section')}</h2>
      <div className={form.field}>
        <label htmlFor={`${id}-slogan`}>{t('appSettings.slogan_label')}</label>
        <div className={styles.row}>
          <input
            id={`${id}-slogan`}
            className={styles.input}
            value={value}
            maxLength={SLOGAN_MAX}
            required
            aria-invalid={isBlank}
            aria-describedby={isBlank ? `${id}-required` : undefined}
            onChange={(event) => setDraft(event.target.value)}
          />
          <button
            type="submit"
            className="button button-primary"
            disabled={isBlank || isSaving || !isOnline}
            aria-describedby={isOnline ? undefined : offlineReasonId}
          >
            {t(isSaving ? 'appSettings.slogan_saving' : 'appSettings.slogan_update')}
          </button>
        </div>
        {isBlank && (
          <p id={`${id}-required`} className={form.error}>
            {t('catalog.required')}
          </p>
        )}
      </div>
    </form>
  );
}
