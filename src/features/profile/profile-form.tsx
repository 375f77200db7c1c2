import { isCleanName } from '@common/contract/fields';
import { LANGUAGES, type User } from '@common/contract/user';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveProfile } from '../../data/profile';
import { errorText } from '../../i18n/error-text';
import { applyLanguage } from '../../i18n/i18n';
import { replaceCurrentUser } from '../../state/session';
import { showToast } from '../../state/toast-store';
import styles from './profile.module.css';
import { draftOf, isPhoneTyping, type ProfileDraft, TEXT_FIELDS, validateDraft } from './profile-fields';

const AUTOCOMPLETE: Record<(typeof TEXT_FIELDS)[number], string> = {
  last_name: 'family-name',
  first_name: 'given-name',
  street: 'street-address',
  city: 'address-level2',
  zip_code: 'postal-code',
  phone: 'tel',
};

/** The profile fields; validated with the shared schema, then saved (online only). */
export function ProfileForm({ user, isOnline }: { user: User; isOnline: boolean }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<ProfileDraft>(() => draftOf(user));
  const [invalidField, setInvalidField] = useState<string | null>(null);
  const [isSaving, setSaving] = useState(false);
  const set = (patch: Partial<ProfileDraft>) => setDraft((current) => ({ ...current, ...patch }));
  const isPhoneBad = !isPhoneTyping(draft.phone) || invalidField === 'phone';

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = validateDraft(draft);
    if (!checked.ok) {
      setInvalidField(checked.field);
      return;
    }
    setInvalidField(null);
    setSaving(true);
    try {
      const saved = await saveProfile(user.id, checked.update);
      replaceCurrentUser(saved);
      // One setting for the app and the mails: the app follows the saved language at once.
      await applyLanguage(saved.language);
      showToast('success', 'user_update_success');
    } catch (error) {
      showToast('error', 'user_update_failed', errorText(t, error));
    } finally {
      setSaving(false);
    }
  }

  /** The message key of a field's error, shown under it and tied to it; null when it is fine. */
  const errorKeyOf = (field: string): string | null => {
    if (field === 'phone' && isPhoneBad) return 'profile.phone_invalid';
    if (invalidField !== field) return null;
    if (field === 'shoe_size') return 'profile.shoe_size_invalid';
    // A name refuses invisible characters (docs/rules.md#limits): « not valid » alone would not say what is wrong.
    if ((field === 'first_name' || field === 'last_name') && !isCleanName(draft[field]))
      return 'profile.name_characters_invalid';
    return 'profile.field_invalid';
  };
  const errorOf = (field: string) => {
    const key = errorKeyOf(field);
    return key ? (
      <p id={`${field}-error`} className={styles.error} role="alert">
        {t(key)}
      </p>
    ) : null;
  };
  const invalidProps = (field: string) => ({
    'aria-invalid': errorKeyOf(field) !== null,
    'aria-describedby': errorKeyOf(field) ? `${field}-error` : undefined,
  });

  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
      {TEXT_FIELDS.map((field) => (
        <div key={field} className={`${styles.field} ${field === 'street' ? styles.wide : ''}`}>
          <label htmlFor={`profile-${field}`}>{t(`profile.${field}`)}</label>
          <input
            id={`profile-${field}`}
            name={field}
            autoComplete={AUTOCOMPLETE[field]}
            inputMode={field === 'phone' ? 'tel' : undefined}
            value={draft[field]}
            {...invalidProps(field)}
            onChange={(event) => set({ [field]: event.target.value })}
          />
          {errorOf(field)}
        </div>
      ))}
      <div className={styles.field}>
        <label htmlFor="profile-shoe_size">{t('profile.shoe_size')}</label>
        <input
          id="profile-shoe_size"
          name="shoe_size"
          type="number"
          inputMode="decimal"
          min={15}
          max={60}
          step={0.5}
          value={draft.shoe_size}
          {...invalidProps('shoe_size')}
          onChange={(event) => set({ shoe_size: event.target.value })}
        />
        {errorOf('shoe_size')}
      </div>
      <div className={styles.field}>
        <label htmlFor="profile-language">{t('profile.language')}</label>
        <select
          id="profile-language"
          name="language"
          value={draft.language}
          onChange={(event) => set({ language: event.target.value === 'en' ? 'en' : 'fr' })}
        >
          {LANGUAGES.map((language) => (
            <option key={language} value={language} lang={language}>
              {t(`profile.language_${language}`)}
            </option>
          ))}
        </select>
      </div>
      <label className={`${styles.check} ${styles.wide}`}>
        <input
          type="checkbox"
          name="has_shoes"
          checked={draft.has_shoes}
          onChange={(event) => set({ has_shoes: event.target.checked })}
        />
        {t('profile.has_shoes')}
      </label>
      <label className={`${styles.check} ${styles.wide}`}>
        <input
          type="checkbox"
          name="hidden_from_members"
          checked={draft.hidden_from_members}
          onChange={(event) => set({ hidden_from_members: event.target.checked })}
        />
        {t('profile.hidden_from_members')}
      </label>
      <div className={styles.wide}>
        <button
          type="submit"
          className="button button-primary"
          disabled={!isOnline || isSaving || !isPhoneTyping(draft.phone)}
          aria-describedby={isOnline ? undefined : 'profile-offline'}
        >
          {t(isSaving ? 'profile.saving' : 'profile.save')}
        </button>
        {!isOnline && (
          <p id="profile-offline" className={styles.muted} role="status">
            {t('profile.offline')}
          </p>
        )}
      </div>
    </form>
  );
}
