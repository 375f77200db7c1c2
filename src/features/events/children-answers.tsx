import type { EventDto } from '@common/contract/event';
import type { User } from '@common/contract/user';
import { standingOf } from '@common/rules/events';
import { useTranslation } from 'react-i18next';
import type { FamilyChild } from '../../data/family';
import { Icon } from '../../ui/icons';
import styles from './children-answers.module.css';
import row from './event-row.module.css';
import { QuickActions } from './quick-actions';

/** The card's own status chips: a tick and green for coming, as the member's own answer shows. */
const STATUS_CLASSES = {
  coming: `${row.status} ${row.ok}`,
  waiting: row.status,
  none: `${row.status} ${row.muted}`,
} as const;

/**
 * A guardian's lines on an event card (docs/rules.md#families): one per child they answer for, with the
 * child's own answer (read from the week as the guardian's own) and one tap to answer for them. The
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
            {!isClosed && (
              <span className={styles.moves}>
                <QuickActions
                  event={event}
                  user={child}
                  actor={user}
                  named={(key) => t(`family.${key}`, { name: child.first_name ?? child.username })}
                />
              </span>
            )}
          </li>
        );
      })}
    </ul>
  );
}
