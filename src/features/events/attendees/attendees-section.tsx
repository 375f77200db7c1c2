import type { EventDto } from '@common/contract/event';
import type { User } from '@common/contract/user';
import { seesEveryName } from '@common/rules/attendees';
import { factsOf } from '@common/rules/events';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { type Attendee, attendeesOf } from './attendee-list';
import styles from './attendees.module.css';
import { Avatar } from './avatar';
import { DeclinedList } from './declined-list';

function PersonName({ person }: { person: Pick<Attendee, 'name' | 'isMe' | 'hidesFromMembers'> }) {
  const { t } = useTranslation();
  return (
    <span className={styles.name}>
      {person.name ?? t('attendees.someone')}
      {person.isMe && <span className={styles.me}>{` ${t('attendees.me')}`}</span>}
      {person.hidesFromMembers && <span className={styles.me}>{` ${t('attendees.hidden_marker')}`}</span>}
    </span>
  );
}

/**
 * Who's coming: the registered with their faces and their guests as "+n", then the waiting list in order;
 * organisers also see who answered "not coming". The server decides whom the answer names.
 */
export function AttendeesSection({ event, user }: { event: EventDto; user: User }) {
  const { t } = useTranslation();
  const headingId = useId();
  const { registered, waiting } = attendeesOf(event, user.id, t('attendees.deleted'));
  const isOrganiser = seesEveryName(user, factsOf(event));
  return (
    <section className={styles.section} aria-labelledby={headingId} data-testid="attendees">
      <h3 id={headingId} className={styles.title}>
        {t('attendees.title', { count: event.subcribers_count })}
      </h3>
      {event.attendees_limited && <p className={styles.hint}>{t('attendees.limited')}</p>}
      {registered.length === 0 && !event.attendees_limited && (
        <p className={styles.hint}>{t('attendees.nobody')}</p>
      )}
      {registered.length > 0 && (
        <ul className={styles.list}>
          {registered.map((person) => (
            <li key={person.key} className={styles.person}>
              <Avatar name={person.name} thumbnailUrl={person.thumbnailUrl} />
              <PersonName person={person} />
              {person.guests > 0 && (
                <span className={styles.guests}>
                  <span aria-hidden="true">{`+${person.guests}`}</span>
                  <span className={styles.hidden}>{t('attendees.guests', { count: person.guests })}</span>
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
      {waiting.length > 0 && (
        <>
          <h4 className={styles.subtitle}>{t('attendees.waiting_title', { count: waiting.length })}</h4>
          <ol className={styles.list} data-testid="waiting-list">
            {waiting.map((person) => (
              <li key={person.key} className={styles.person}>
                <span className={styles.position}>
                  {t('attendees.position', { count: person.position, ordinal: true })}
                </span>
                <Avatar name={person.name} thumbnailUrl={person.thumbnailUrl} />
                <PersonName person={person} />
              </li>
            ))}
          </ol>
        </>
      )}
      {isOrganiser && <DeclinedList eventUuid={event.uuid_event} />}
    </section>
  );
}
