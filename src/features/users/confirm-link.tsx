import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../ui/screen-icons';
import styles from './users.module.css';

/** The invitation's link, for the admin to hand over when no mail carries it; copied in one press. */
export function ConfirmLink({
  username,
  url,
  mail,
  onDone,
}: {
  username: string;
  url: string;
  /** What became of the invitation's mail, said as it is; absent from older servers. */
  mail?: 'logged' | 'off' | 'sent' | undefined;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const [copyState, setCopyState] = useState<'idle' | 'copied' | 'failed'>('idle');

  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      setCopyState('copied');
    } catch {
      setCopyState('failed');
    }
  }

  return (
    <div className={styles.form}>
      <p>
        {t(
          mail === 'logged'
            ? 'users.link_intro_logged'
            : mail === 'off'
              ? 'users.link_intro_off'
              : 'users.link_intro',
          { username },
        )}
      </p>
      <div className={styles.field}>
        <label htmlFor="invite-link">{t('users.link_label')}</label>
        <textarea
          id="invite-link"
          className={styles.link}
          readOnly
          rows={3}
          value={url}
          onFocus={(e) => e.target.select()}
        />
      </div>
      <p role="status" className={copyState === 'failed' ? styles.fieldError : styles.success}>
        {copyState === 'copied' ? t('users.copied') : copyState === 'failed' ? t('users.copy_failed') : ''}
      </p>
      <div className={styles.buttons}>
        <button type="button" className="button" onClick={() => void copy()}>
          <Icon name="copy" />
          {t('users.copy')}
        </button>
        <button type="button" className="button button-primary" onClick={onDone}>
          {t('users.done')}
        </button>
      </div>
    </div>
  );
}
