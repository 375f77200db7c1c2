import type { EventDto } from '@common/contract/event';
import { kitOf } from '@common/contract/kit-of';
import type { User } from '@common/contract/user';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { changeKit } from '../../data/kit-writes';
import { ModalDialog } from '../../ui/modal-dialog';
import styles from './dialog.module.css';
import { KitChoice } from './kit-choice';
import { goneStuffName, isSameItems } from './kit-text';
import { type Refusal, useRunMove } from './run-move';

/**
 * « Modifier mon matériel » (docs/rules.md#kit): the picker preselected with the kit held, the place kept. The
 * change is queued like a subscription, so it shows at once and works offline; online, the dialog waits for the
 * server's word: an item gone meanwhile is named here and the kit held stays (the refusal reads the event
 * again). `actor`: the signed-in guardian when `user` is their child (docs/rules.md#families).
 */
export function KitChangeDialog({
  event,
  user,
  actor = user,
  onClose,
}: {
  event: EventDto;
  user: User;
  actor?: User;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const run = useRunMove();
  const entry = event.subscribers_with_stuff.find((s) => s.id === user.id);
  const held = entry ? kitOf(entry) : [];
  const [chosen, setChosen] = useState<string[]>(() => held);
  const [isBusy, setBusy] = useState(false);
  const [gone, setGone] = useState<string | null>(null);
  const isChild = actor.id !== user.id;
  const childName = user.first_name ?? user.username;
  const sayGone = (refusal: Refusal) => {
    const name = goneStuffName(event.stuffs_available, refusal);
    if (name)
      setGone(
        isChild
          ? t('memberKit.gone_kept_other', { name, child: childName })
          : t('memberKit.gone_kept', { name }),
      );
    return name !== null;
  };

  async function save(close: () => void) {
    if (isSameItems(chosen, held)) return close();
    setBusy(true);
    setGone(null);
    const delivery = await run(
      changeKit(user, event.uuid_event, chosen, actor),
      'memberKit.changed',
      'kit_change_failed',
      { onRefused: sayGone },
    );
    setBusy(false);
    if (delivery?.outcome === 'refused' && goneStuffName(event.stuffs_available, delivery) !== null) return;
    close();
  }

  return (
    <ModalDialog
      title={isChild ? t('memberKit.change_title_other', { name: childName }) : t('memberKit.change_mine')}
      onClose={onClose}
      isBusy={isBusy}
    >
      {(close) => (
        <div className={styles.body}>
          <KitChoice
            stuffs={event.stuffs_available}
            value={chosen}
            held={held}
            onChange={(next) => {
              setGone(null);
              setChosen(next);
            }}
            {...(isChild ? { owner: childName } : {})}
          />
          {gone && (
            <p className={styles.error} role="alert">
              {gone}
            </p>
          )}
          <div className={styles.buttons}>
            <button
              type="button"
              className="button button-primary"
              disabled={isBusy}
              onClick={() => void save(close)}
            >
              {isBusy ? t('memberKit.saving') : t('memberKit.save')}
            </button>
            <button type="button" className="button" disabled={isBusy} onClick={close}>
              {t('memberKit.cancel')}
            </button>
          </div>
        </div>
      )}
    </ModalDialog>
  );
}
