import type { EventDto } from '@common/contract/event';
import { kitOf } from '@common/contract/kit-of';
import type { User } from '@common/contract/user';
import { standingOf } from '@common/rules/events';
import { useTranslation } from 'react-i18next';
import type { FamilyChild } from '../../data/family';
import { Icon } from '../../ui/icons';
import styles from './children-answers.module.css';
import row from './event-row.module.css';
import { KitChangeButton } from './kit-change-button';
import { kitNames, kitText } from './kit-text';
import { QuickActions } from './quick-actions';

/** The card's own status chips: a tick and green for coming, as the member's own answer shows. */
const STATUS_CLASSES = {
  coming: `${row.status} ${row.ok}`,
  waiting: row.status,
  none: `${row.status} ${row.muted}`,
} as const;

/** The child's kit in words, when they are coming to an event that lends kit (docs/rules.md#kit). */
function ChildKit({ event, childId }: { event: EventDto; childId: string }) {
  const { t } = useTranslation();
  const entry = event.subscribers_with_stuff.find((s) => s.id === childId);
  if (!entry || event.stuffs_available.length === 0) return null;
  const names = kitNames(event.stuffs_available, kitOf(entry), entry.stuff_name);
  return (
    <span className={styles.kit}>
      {names.length > 0 ? t('memberKit.line', { items: kitText(names) }) : t('memberKit.line_own')}
    </span>
  );
}

/**
 * A guardian's lines on an event card (docs/rules.md#families): one per child they answer for, with the
 * child's own answer (read from the week as the guardian's own), their kit, and one tap to answer for them. The
 * children come from the family kept on this device, so the lines work with no signal. Its own chunk, with
 * the later texts: a member without children never loads it (children-lines.tsx).
 */
export function ChildrenAnswers({
  event,
  user,
  isClosed,
  guarded,
}: {
  event: EventDto;
  user: User;
  isClosed: boolean;
  /** The children the user answers for. */
  guarded: FamilyChild[];
}) {
  const { t } = useTranslation();
  return (
    <ul className={styles.children} aria-label={t('family.list_label')}>
      {guarded.map((child) => {
        const standing = standingOf(event, child.id);
        const status = standing.isSubscribed ? 'coming' : standing.isWaiting ? 'waiting' : 'none';
        return (
          <li key={child.id} className={styles.child}>
            <span className={styles.name}>{child.first_name ?? child.username}</span>
            <span className={STATUS_CLASSES[status]}>
              {status === 'coming' && <Icon name="check" />}
              {t(`family.status_${status}`)}
            </span>
            <ChildKit event={event} childId={child.id} />
            {!isClosed && (
              <span className={styles.moves}>
                <QuickActions
                  event={event}
                  user={child}
                  actor={user}
                  named={(key) => t(`family.${key}`, { name: child.first_name ?? child.username })}
                />
                <KitChangeButton
                  event={event}
                  user={child}
                  actor={user}
                  label={t('memberKit.change_short')}
                  ariaLabel={t('memberKit.change_other', { name: child.first_name ?? child.username })}
                />
              </span>
            )}
          </li>
        );
      })}
    </ul>
  );
}
