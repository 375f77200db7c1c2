import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deleteStuff, type Stuff, useStuffs } from '../../data/catalog';
import { useIsOnline } from '../../data/sync-status';
import { showToast } from '../../state/toast-store';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { ItemList } from '../../ui/item-list';
import { AddButton, SettingsPage } from '../../ui/settings-page';
import { StuffDialog } from './stuff-dialog';

type Editing = { stuff: Stuff | null } | null;

/** The stock in words and figures; ∞ when unlimited (product-spec §2), with its name for screen readers. */
function StockText({ stuff }: { stuff: Stuff }) {
  const { t } = useTranslation();
  if (!stuff.is_infinite) return t('catalog.stock', { count: stuff.stock });
  return (
    <>
      <span aria-hidden="true">{'∞ '}</span>
      {t('catalog.stock_infinite')}
    </>
  );
}

/** /settings/stuff: the club's equipment, created, edited and deleted online by contributors and admins. */
export function StuffScreen() {
  const { t } = useTranslation();
  const offlineId = useId();
  const stuffs = useStuffs();
  const isOnline = useIsOnline();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Stuff | null>(null);

  async function remove(stuff: Stuff) {
    await deleteStuff(stuff.uuid);
    showToast('success', 'catalog.item_deleted');
  }

  const addButton = (
    <AddButton
      label={t('catalog.add_stuff')}
      isOnline={isOnline}
      offlineReasonId={offlineId}
      onClick={() => setEditing({ stuff: null })}
    />
  );

  return (
    <SettingsPage title={t('catalog.stuff_title')} action={addButton}>
      {!isOnline && (
        <p id={offlineId} role="status">
          {t('catalog.offline')}
        </p>
      )}
      <ItemList
        items={stuffs}
        label={t('catalog.stuff_list')}
        emptyText={t('catalog.stuff_empty')}
        detail={(stuff) => <StockText stuff={stuff} />}
        isDisabled={!isOnline}
        disabledReasonId={offlineId}
        onEdit={(stuff) => setEditing({ stuff })}
        onDelete={setDeleting}
      />
      {editing && <StuffDialog stuff={editing.stuff} isOnline={isOnline} onClose={() => setEditing(null)} />}
      {deleting && (
        <ConfirmDialog
          message={t('catalog.delete_stuff_question', { name: deleting.name })}
          onConfirm={() => remove(deleting)}
          onClose={() => setDeleting(null)}
        />
      )}
    </SettingsPage>
  );
}
