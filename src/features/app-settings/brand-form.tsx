import { SHORT_NAME_MAX } from '@common/contract/club-defaults';
import type { ClubSettings } from '@common/contract/settings';
import { shortNameOf } from '@common/rules/short-name';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { updateClubSettings, updateSlogan, uploadLogo, useSlogan } from '../../data/settings';
import { errorText } from '../../i18n/error-text';
import { refusedField } from '../../i18n/refused-field';
import { showToast } from '../../state/toast-store';
import form from '../../ui/form.module.css';
import { AccentField, isAccentUsable } from './accent-field';
import styles from './app-settings.module.css';
import { LogoField } from './logo-field';

const NAME_MAX = 80;
const SLOGAN_MAX = 500;

interface Draft {
  name: string;
  shortName: string;
  colour: string;
  slogan: string | null;
}

/**
 * The club's look in one form (docs/rules.md#club-settings): name, short name (under the home-screen icon),
 * accent colour, slogan and logo, saved by one button. The name, short name and colour go in one request;
 * then the slogan, if changed, and the logo, if one was picked, each in its own. The header, the login
 * page, the page title and the mails follow once saved.
 */
export function BrandForm({
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
  const savedSlogan = useSlogan();
  // Null until the member types: the fields follow what is saved (a sync may bring newer) till then.
  const [draft, setDraft] = useState<Draft | null>(null);
  const [logo, setLogo] = useState<File | null>(null);
  const [isSaving, setSaving] = useState(false);
  const [accentRefusal, setAccentRefusal] = useState<string | null>(null);

  const value: Draft = draft ?? {
    name: saved.club_name,
    shortName: saved.short_name ?? '',
    colour: saved.accent_colour,
    slogan: null,
  };
  const slogan = value.slogan ?? savedSlogan;
  const name = value.name.trim();
  const shortName = value.shortName.trim();
  const isNameValid = name !== '' && name.length <= NAME_MAX;
  const isSloganValid = slogan.trim() !== '' && slogan.length <= SLOGAN_MAX;
  const isValid =
    isNameValid && shortName.length <= SHORT_NAME_MAX && isSloganValid && isAccentUsable(value.colour);
  const change = (changes: Partial<Draft>) => setDraft({ ...value, ...changes });

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!isValid || isSaving || !isOnline) return;
    setSaving(true);
    setAccentRefusal(null);
    try {
      onSaved(
        await updateClubSettings({
          club_name: name,
          short_name: shortName || null,
          accent_colour: value.colour,
        }),
      );
    } catch (error) {
      // The server's own check of the colour, in our words on the field; anything else in the toast.
      if (refusedField(error) === 'accent_colour') setAccentRefusal(t('appSettings.accent_refused'));
      showToast('error', 'appSettings.brand_save_error', errorText(t, error));
      setSaving(false);
      return;
    }
    const sloganSent = slogan.trim() !== savedSlogan ? updateSlogan(slogan.trim()) : null;
    const logoSent = logo ? uploadLogo(logo) : null;
    const [sloganResult, logoResult] = await Promise.allSettled([sloganSent, logoSent]);
    setSaving(false);
    // What failed stays in the form, to try again; what was saved follows the server.
    const failed = [sloganResult, logoResult].some((result) => result.status === 'rejected');
    setDraft(sloganResult.status === 'rejected' ? { ...value, slogan } : null);
    if (logoResult.status === 'fulfilled') setLogo(null);
    if (sloganResult.status === 'rejected')
      showToast('error', 'appSettings.slogan_update_error', errorText(t, sloganResult.reason));
    if (logoResult.status === 'rejected')
      showToast('error', 'appSettings.logo_update_error', errorText(t, logoResult.reason));
    if (!failed) showToast('success', 'appSettings.brand_saved');
  }

  const fieldOff = !isOnline || isSaving;
  return (
    <form
      className={`card ${styles.section}`}
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-labelledby={`${id}-title`}
    >
      <h2 id={`${id}-title`}>{t('appSettings.brand_section')}</h2>
      <div className={form.field}>
        <label htmlFor={`${id}-name`}>{t('appSettings.club_name_label')}</label>
        <input
          id={`${id}-name`}
          className={styles.input}
          value={value.name}
          maxLength={NAME_MAX}
          required
          aria-invalid={!isNameValid}
          aria-describedby={isNameValid ? undefined : `${id}-name-error`}
          onChange={(event) => change({ name: event.target.value })}
        />
        {!isNameValid && (
          <p id={`${id}-name-error`} className={form.error}>
            {t('appSettings.name_invalid')}
          </p>
        )}
      </div>
      <div className={form.field}>
        <label htmlFor={`${id}-short`}>{t('appSettings.short_name_label')}</label>
        <input
          id={`${id}-short`}
          className={styles.shortName}
          value={value.shortName}
          maxLength={SHORT_NAME_MAX}
          aria-describedby={`${id}-short-hint`}
          onChange={(event) => change({ shortName: event.target.value })}
        />
        <p id={`${id}-short-hint`} className={styles.hint}>
          {t('appSettings.short_name_hint', { max: SHORT_NAME_MAX, shown: shortNameOf(name, shortName) })}
        </p>
      </div>
      <AccentField
        id={`${id}-colour`}
        value={value.colour}
        serverError={accentRefusal}
        onChange={(colour) => {
          setAccentRefusal(null);
          change({ colour });
        }}
      />
      <div className={form.field}>
        <label htmlFor={`${id}-slogan`}>{t('appSettings.slogan_label')}</label>
        <input
          id={`${id}-slogan`}
          className={styles.input}
          value={slogan}
          maxLength={SLOGAN_MAX}
          required
          aria-invalid={!isSloganValid}
          aria-describedby={isSloganValid ? undefined : `${id}-slogan-error`}
          onChange={(event) => change({ slogan: event.target.value })}
        />
        {!isSloganValid && (
          <p id={`${id}-slogan-error`} className={form.error}>
            {t('catalog.required')}
          </p>
        )}
      </div>
      <LogoField
        file={logo}
        isDisabled={fieldOff}
        describedBy={isOnline ? undefined : offlineReasonId}
        onPick={setLogo}
      />
      <div>
        <button
          type="submit"
          className="button button-primary"
          disabled={!isValid || fieldOff}
          aria-describedby={isOnline ? undefined : offlineReasonId}
        >
          {t(isSaving ? 'appSettings.brand_saving' : 'appSettings.brand_save')}
        </button>
      </div>
    </form>
  );
}
