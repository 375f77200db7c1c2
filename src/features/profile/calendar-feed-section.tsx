import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useClubTimeZone } from '../../data/settings';
import { errorText } from '../../i18n/error-text';
import { showToast } from '../../state/toast-store';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import styles from './calendar-feed.module.css';
import { CalendarFeedLink } from './calendar-feed-link';
import { useCalendarFeed } from './use-calendar-feed';

// Both end the current URL, so each is confirmed first; the i18n keys follow the action's name.
const CONFIRMED_ACTIONS = ['regenerate', 'revoke'] as const;
type ConfirmedAction = (typeof CONFIRMED_ACTIONS)[number];
const DONE_MESSAGE: Record<ConfirmedAction, string> = {
  regenerate: 'calendar_feed.regenerated',
  revoke: 'calendar_feed.revoked',
};

/**
 * "My calendar": the member's private iCalendar feed (online only). The URL is shown on the device that
 * created it; elsewhere only since when a feed is active, with regenerate (the old URL stops working) and
 * revoke, each confirmed first.
 */
export function CalendarFeedSection({ userId, isOnline }: { userId: string; isOnline: boolean }) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const offlineId = useId();
  const timeZone = useClubTimeZone();
  const { view, retry, create, revoke } = useCalendarFeed(userId);
  const [isCreating, setIsCreating] = useState(false);
  const [createError, setCreateError] = useState<string | null>(null);
  const [dialog, setDialog] = useState<ConfirmedAction | null>(null);
  const offlineProps = isOnline ? {} : { 'aria-describedby': offlineId };

  async function createFirst() {
    setIsCreating(true);
    setCreateError(null);
    try {
      await create();
    } catch (error) {
      setCreateError(errorText(t, error));
    } finally {
      setIsCreating(false);
    }
  }

  const since = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long', timeStyle: 'short', timeZone }).format(
      new Date(iso),
    );

  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId}>{t('calendar_feed.title')}</h2>
      <p className={styles.note}>{t('calendar_feed.intro')}</p>
      {!isOnline && (
        <p id={offlineId} className={styles.note} role="status">
          {t('calendar_feed.offline')}
        </p>
      )}
      {view.kind === 'loading' && <p role="status">{t('calendar_feed.loading')}</p>}
      {view.kind === 'failed' && (
        <>
          <p role="alert">{`${t('calendar_feed.load_failed')} ${errorText(t, view.error)}`}</p>
          <button type="button" className="button" disabled={!isOnline} {...offlineProps} onClick={retry}>
            {t('calendar_feed.retry')}
          </button>
        </>
      )}
      {view.kind === 'none' && (
        <>
          <p>{t('calendar_feed.none')}</p>
          {createError && <p role="alert">{createError}</p>}
          <button
            type="button"
            className="button button-primary"
            disabled={!isOnline || isCreating}
            {...offlineProps}
            onClick={() => void createFirst()}
          >
            {isCreating ? t('calendar_feed.working') : t('calendar_feed.create')}
          </button>
        </>
      )}
      {view.kind === 'active' && (
        <>
          {view.link && <CalendarFeedLink link={view.link} />}
          <p>{t('calendar_feed.active_since', { date: since(view.createdAt) })}</p>
          {!view.link && <p className={styles.note}>{t('calendar_feed.shown_once')}</p>}
          <p className={styles.note}>{t('calendar_feed.private')}</p>
          <div className={styles.actions}>
            {CONFIRMED_ACTIONS.map((action) => (
              <button
                key={action}
                type="button"
                className="button"
                disabled={!isOnline}
                {...offlineProps}
                onClick={() => setDialog(action)}
              >
                {t(`calendar_feed.${action}`)}
              </button>
            ))}
          </div>
        </>
      )}
      {dialog && (
        <ConfirmDialog
          title={t(`calendar_feed.${dialog}_title`)}
          message={t(`calendar_feed.${dialog}_message`)}
          confirmLabel={t(`calendar_feed.${dialog}`)}
          onConfirm={async () => {
            await (dialog === 'regenerate' ? create() : revoke());
            showToast('success', DONE_MESSAGE[dialog]);
          }}
          onClose={() => setDialog(null)}
        />
      )}
    </section>
  );
}
