import { thumbnailUrl } from '@common/contract/users';
import { type ChangeEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { uploadPicture } from '../../data/profile';
import { errorText } from '../../i18n/error-text';
import { showToast } from '../../state/toast-store';
import fallbackSrc from './avatar-fallback.svg';
import styles from './profile.module.css';

/** The member's thumbnail, clickable to upload a new picture (images only); a drawn face when none. */
export function ProfilePicture({ userId, isOnline }: { userId: string; isOnline: boolean }) {
  const { t } = useTranslation();
  // A new query string after an upload: the browser fetches the new thumbnail at once.
  const [src, setSrc] = useState(thumbnailUrl(userId));
  const [isMissing, setMissing] = useState(false);
  const [isUploading, setUploading] = useState(false);

  async function upload(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setUploading(true);
    try {
      const url = await uploadPicture(userId, file);
      setMissing(false);
      setSrc(`${url}?v=${Date.now()}`);
      showToast('success', 'picture_upload_success');
    } catch (error) {
      showToast('error', 'picture_upload_error', errorText(t, error));
    } finally {
      setUploading(false);
    }
  }

  return (
    <label className={styles.picture} title={t('profile.change_picture')}>
      <img
        src={isMissing ? fallbackSrc : src}
        alt={t('profile.picture_alt')}
        width={72}
        height={72}
        data-testid="profile-thumbnail"
        onError={() => setMissing(true)}
      />
      <input
        className={styles.fileInput}
        type="file"
        accept="image/*"
        aria-label={t('profile.change_picture')}
        disabled={!isOnline || isUploading}
        onChange={(event) => void upload(event)}
      />
    </label>
  );
}
