import type { EventDto } from '@common/contract/event';
import { kitOf } from '@common/contract/kit-of';
import type { User } from '@common/contract/user';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './dialog.module.css';
import { KitChangeButton } from './kit-change-button';
import { kitNames } from './kit-text';

/**
 * « Mon matériel » in the sheet (docs/rules.md#kit): the items the member booked (or wished for, on the waiting
 * list), or their own equipment, and « Modifier mon matériel » while the rules allow it. Nothing when the event
 * lends no kit and the member holds none.
 */
export function MyKit({ event, user }: { event: EventDto; user: User }) {
  const { t } = useTranslation();
  const titleId = useId();
  const entry = event.subscribers_with_stuff.find((s) => s.id === user.id);
  const wish = event.waiting_list.find((w) => w.uuid_user === user.id);
  const booking = entry ?? wish;
  if (!booking) return null;
  const kit = kitOf(booking);
  if (event.stuffs_available.length === 0 && kit.length === 0) return null;
  const names = kitNames(event.stuffs_available, kit, entry?.stuff_name);
  return (
    <section className={styles.section} aria-labelledby={titleId} data-testid="my-kit">
      <h3 id={titleId}>{t('memberKit.mine_title')}</h3>
      {!entry && <p className={styles.hint}>{t('memberKit.wished')}</p>}
      {names.length > 0 ? (
        <ul className={styles.kitItems}>
          {names.map((name) => (
            <li key={name}>{name}</li>
          ))}
        </ul>
      ) : (
        <p className={styles.answer}>{t('memberKit.mine_own')}</p>
      )}
      {entry && (
        <div className={styles.buttons}>
          <KitChangeButton event={event} user={user} label={t('memberKit.change_mine')} />
        </div>
      )}
    </section>
  );
}
