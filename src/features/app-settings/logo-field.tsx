import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ClubLogo } from '../../ui/club-logo';
import styles from './app-settings.module.css';

/**
 * The club's logo in the branding form: the logo as a button that picks an image, shown at once as it will
 * look; it is sent with the form's one save (docs/rules.md#club-settings).
 */
export function LogoField({
  file,
  isDisabled,
  describedBy,
  onPick,
}: {
  file: File | null;
  isDisabled: boolean;
  describedBy?: string;
  onPick: (file: File) => void;
}) {
  const { t } = useTranslation();
  const hintId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    if (!file) return setPreview(null);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  return (
    <fieldset className={styles.logoField}>
      <legend>{t('appSettings.logo_section')}</legend>
      <div className={styles.logoRow}>
        <button
          type="button"
          className={styles.logoButton}
          aria-label={t('appSettings.logo_change')}
          title={t('appSettings.logo_change')}
          aria-describedby={describedBy ? `${hintId} ${describedBy}` : hintId}
          disabled={isDisabled}
          onClick={() => inputRef.current?.click()}
        >
          {preview ? <img src={preview} alt={t('appSettings.logo_new_alt')} /> : <ClubLogo size={64} />}
        </button>
        <p id={hintId} className={styles.hint}>
          {t(file ? 'appSettings.logo_picked' : 'appSettings.logo_hint', { name: file?.name })}
        </p>
      </div>
      <input
        ref={inputRef}
        type="file"
        accept="image/png,image/jpeg,.png,.jpg,.jpeg"
        aria-label={t('appSettings.logo_file')}
        hidden
        onChange={(event) => {
          const picked = event.target.files?.[0];
          event.target.value = '';
          if (picked) onPick(picked);
        }}
      />
    </fieldset>
  );
}
