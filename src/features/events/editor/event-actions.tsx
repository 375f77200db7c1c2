import { useTranslation } from 'react-i18next';
import styles from './editor.module.css';
import type { EditorAction } from './event-form-state';

const LABELS: Record<EditorAction, string> = {
  create: 'eventForm.create',
  update: 'eventForm.update',
  cancel: 'eventForm.cancel_event',
  reactivate: 'eventForm.reactivate',
  delete: 'eventForm.delete',
  group_mail: 'eventForm.group_mail',
  duplicate: 'eventWords.duplicate',
};

/** The buttons the event's state offers (docs/rules.md#events); the save (create/update) submits the form. */
export function EventActions({
  actions,
  busy,
  isOnline,
  offlineId,
  isSaveBlocked = false,
  onAction,
}: {
  actions: EditorAction[];
  busy: EditorAction | null;
  isOnline: boolean;
  offlineId: string;
  /** The save cannot be sent as typed (a series rule giving no session or too many): the form says why. */
  isSaveBlocked?: boolean;
  onAction: (action: EditorAction) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className={styles.buttons}>
      {actions.map((action) => {
        const isSave = action === 'create' || action === 'update';
        const isDanger = action === 'cancel' || action === 'delete';
        return (
          <button
            key={action}
            type={isSave ? 'submit' : 'button'}
            className={`button${isSave ? ' button-primary' : ''}${isDanger ? ` ${styles.danger}` : ''}`}
            disabled={!isOnline || busy !== null || (isSave && isSaveBlocked)}
            aria-describedby={isOnline ? undefined : offlineId}
            aria-haspopup={action === 'delete' || action === 'group_mail' ? 'dialog' : undefined}
            onClick={isSave ? undefined : () => onAction(action)}
          >
            {busy === action ? t('eventForm.busy') : t(LABELS[action])}
          </button>
        );
      })}
    </div>
  );
}
