import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CalendarFeedLink as Link } from '../../data/calendar-feed';
import { Icon } from '../../ui/screen-icons';
import styles from './calendar-feed.module.css';

/**
 * The feed's URL in a read-only field with a Copy button, and the `webcal://` link that calendar apps open
 * as a subscription. Where the clipboard is refused (no permission, an insecure page), the URL is
 * selected instead, so the member can copy it by hand.
 */
export function CalendarFeedLink({ link }: { link: Link }) {
  const { t } = useTranslation();
  const fieldId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [copyState, setCopyState] = useState<'idle' | 'copied' | 'fallback'>('idle');

  async function copy() {
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(link.url);
      setCopyState('copied');
    } catch {
      inputRef.current?.focus();
      inputRef.current?.select();
      setCopyState('fallback');
    }
  }

  return (
    <div className={styles.link}>
      <label htmlFor={fieldId}>{t('calendar_feed.url_label')}</label>
      <div className={styles.urlRow}>
        <input
          ref={inputRef}
          id={fieldId}
          className={styles.url}
          type="text"
          readOnly
          value={link.url}
          onFocus={(event) => event.currentTarget.select()}
        />
        <button type="button" className="button" onClick={() => void copy()}>
          <Icon name="copy" />
          {t('calendar_feed.copy')}
        </button>
      </div>
      <p className={styles.copyStatus} role="status">
        {copyState === 'copied' && (
          <>
            <Icon name="check" />
            {t('calendar_feed.copied')}
          </>
        )}
        {copyState === 'fallback' && t('calendar_feed.copy_fallback')}
      </p>
      <a className={`button button-primary ${styles.subscribe}`} href={link.webcal_url}>
        <Icon name="event" />
        {t('calendar_feed.subscribe')}
      </a>
    </div>
  );
}
