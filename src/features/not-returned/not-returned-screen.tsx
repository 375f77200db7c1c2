import { clubDayOf } from '@common/rules/club-time';
import { notReturnedFileName } from '@common/rules/file-names';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  downloadNotReturnedCsv,
  type NotReturnedEvent,
  type NotReturnedPerson,
  useNotReturned,
} from '../../data/not-returned';
import { useClubTimeZone } from '../../data/settings';
import { useIsOnline } from '../../data/sync-status';
import { errorText } from '../../i18n/error-text';
import { showToast } from '../../state/toast-store';
import { EventDatesText } from '../../ui/event-dates';
import form from '../../ui/form.module.css';
import { SettingsPage } from '../../ui/settings-page';
import styles from './not-returned.module.css';

/**
 * /settings/not-returned (organisers and Admins, docs/rules.md#kit): what was handed out at ended events and never
 * brought back, per event (newest first), per person, so the club knows whom to call. Online only, with its CSV.
 */
export function NotReturnedScreen() {
  const { t } = useTranslation();
  const isOnline = useIsOnline();
  const timeZone = useClubTimeZone();
  const { read, reload } = useNotReturned();
  const [isDownloading, setDownloading] = useState(false);

  const download = async () => {
    setDownloading(true);
    try {
      const today = timeZone ? clubDayOf(new Date(), timeZone) : '';
      await downloadNotReturnedCsv(notReturnedFileName(t('fileNames.not_returned'), today));
    } catch (error) {
      showToast('error', 'error_fetch', errorText(t, error));
    } finally {
      setDownloading(false);
    }
  };

  return (
    <SettingsPage title={t('notReturned.title')}>
      <p className={styles.intro}>{t('notReturned.intro')}</p>
      <div className={styles.actions}>
        <button
          type="button"
          className="button"
          disabled={!isOnline || isDownloading}
          aria-describedby={isOnline ? undefined : 'not-returned-offline'}
          onClick={() => void download()}
        >
          {isDownloading ? t('attendance.downloading') : t('notReturned.download')}
        </button>
      </div>
      {!isOnline && (
        <p id="not-returned-offline" className={styles.intro} role="status">
          {t('notReturned.offline')}
        </p>
      )}
      {read.state === 'reading' && <p role="status">{t('app.loading')}</p>}
      {read.state === 'failed' && (
        <div role="alert">
          <p className={form.failure}>
            {t('notReturned.load_error')} {errorText(t, read.error)}
          </p>
          <button type="button" className="button" disabled={!isOnline} onClick={reload}>
            {t('notReturned.retry')}
          </button>
        </div>
      )}
      {read.state === 'read' && read.events.length === 0 && <p role="status">{t('notReturned.empty')}</p>}
      {read.state === 'read' && read.events.length > 0 && (
        <ul className={styles.events} aria-label={t('notReturned.list')}>
          {read.events.map((event) => (
            <EventItems key={event.uuid} event={event} />
          ))}
        </ul>
      )}
    </SettingsPage>
  );
}

function EventItems({ event }: { event: NotReturnedEvent }) {
  const { t } = useTranslation();
  return (
    <li className={`card ${styles.event}`}>
      <h2>{event.name}</h2>
      <p className={styles.when}>
        <EventDatesText start={event.start} end={event.end} />
      </p>
      <ul className={styles.people} aria-label={t('notReturned.people_of', { name: event.name })}>
        {event.people.map((person) => (
          <li key={person.key}>
            <PersonName person={person} />
            <ul className={styles.items}>
              {person.items.map((item) => (
                <li key={item.uuid}>{item.kind ? `${item.name} (${item.kind})` : item.name}</li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </li>
  );
}

/** A member by their names; a guest too, with the member who brought them, whom the club calls. */
function PersonName({ person }: { person: NotReturnedPerson }) {
  const { t } = useTranslation();
  const name =
    [person.firstName, person.lastName].filter(Boolean).join(' ').trim() ||
    t(person.isInvited ? 'notReturned.guest' : 'attendees.deleted');
  return (
    <span className={styles.person}>
      {name}
      {person.isInvited && person.hostName && (
        <span className={styles.host}>{t('notReturned.guest_of', { host: person.hostName })}</span>
      )}
    </span>
  );
}
