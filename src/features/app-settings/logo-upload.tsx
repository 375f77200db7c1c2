import { type ChangeEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { uploadLogo } from '../../data/settings';
import { errorText } from '../../i18n/error-text';
import { showToast } from '../../state/toast-store';
import { ClubLogo } from '../../ui/club-logo';
import styles from './app-settings.module.css';

/** The club's logo as a button: clicking it picks an image, sent at once; every logo on screen then changes. */
export function LogoUpload({ isOnline, offlineReasonId }: { isOnline: boolean; offlineReasonId: string }) {
  const { t } = useTranslation();
  const hintId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [isUploading, setUploading] = useState(false);

  async function upload(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setUploading(true);
    try {
      await uploadLogo(file);
      showToast('success', 'appSettings.logo_updated');
    } catch (error) {
      showToast('error', 'appSettings.logo_update_error', errorText(t, error));
    } finally {
      setUploading(false);
    }
  }

  return (
    <section className={`card ${styles.section}`} aria-labelledby={`${hintId}-title`}>
      <h2 id={`${hintId}-title`}>{t('appSettings.logo_section')}</h2>
      <div className={styles.logoRow}>
        <button
          type="button"
          className={styles.logoButton}
          aria-label={t('appSettings.logo_change')}
          title={t('appSettings.logo_change')}
          aria-describedby={isOnline ? hintId : `${hintId} ${offlineReasonId}`}
          aria-busy={isUploading}
          disabled={!isOnline || isUploading}
          onClick={() => inputRef.current?.click()}
        >
          <ClubLogo size={64} />
        </button>
        <p id={hintId} className={styles.hint}>
          {t('appSettings.logo_hint')}
        </p>
      </div>
      {isUploading && <p role="status">{t('appSettings.logo_uploading')}</p>}
      <input
        ref={inputRef}
        type="file"
        accept="image/png,image/jpeg,.png,.jpg,.jpeg"
        aria-label={t('appSettings.logo_file')}
        hidden
        onChange={(event) => void upload(event)}
      />
    </section>
  );
}
