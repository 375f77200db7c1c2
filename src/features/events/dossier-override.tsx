import type { EventDto } from '@common/contract/event';
import type { User } from '@common/contract/user';
import { useTranslation } from 'react-i18next';
import { changeSubscription } from '../../data/events';
import { dossierReasonsText } from '../../i18n/dossier-text';
import styles from './dialog.module.css';
import { useRunMove } from './run-move';

const nameOf = (user: User) => [user.first_name, user.last_name].filter(Boolean).join(' ') || user.username;

/**
 * The refusal said in place, what the member's file lacks in words, and « Inscrire quand même », which sends the
 * subscription again with `override` (the server keeps who did it). Its own chunk: the week's first paint never
 * shows it.
 */
export default function DossierOverride({
  event,
  member,
  actor,
  reasons,
  successText,
  onDone,
}: {
  event: EventDto;
  member: User;
  actor: User;
  reasons: readonly string[];
  successText: string | undefined;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const run = useRunMove();
  const name = nameOf(member);
  const onOverride = () => {
    onDone();
    void run(
      changeSubscription(member, event.uuid_event, true, [], actor, true),
      'subscribe_success',
      'subscribe_failed',
      { successText },
    );
  };
  return (
    <div className={styles.notice} role="alert" data-testid="dossier-override">
      <p>{t('memberFile.override.offer', { name })}</p>
      <p>{dossierReasonsText(t, reasons) ?? ''}</p>
      <button
        type="button"
        className="button"
        aria-label={t('memberFile.override.button_label', { name })}
        onClick={onOverride}
      >
        {t('memberFile.override.button')}
      </button>
    </div>
  );
}
