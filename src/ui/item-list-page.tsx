import { type ReactNode, useId, useState } from 'react';
import { useIsOnline } from '../data/sync-status';
import { ConfirmDialog } from './confirm-dialog';
import { ItemList, type NamedItem } from './item-list';
import { AddButton, SettingsPage } from './settings-page';

/**
 * A settings screen managing a list of named items (event models, stuff): the plus button, the list, the
 * item's form dialog for a new one (null) or an edited one, and the named delete confirmation. Writes are
 * online only; offline, every button is disabled and the visible reason describes it.
 */
export function ItemListPage<Item extends NamedItem>({
  title,
  texts,
  items,
  detail,
  onDelete,
  renderForm,
}: {
  title: string;
  texts: {
    add: string;
    list: string;
    empty: string;
    offline: string;
    deleteQuestion: (item: Item) => string;
  };
  items: Item[] | undefined;
  detail?: (item: Item) => ReactNode;
  /** The delete itself; a refusal (in use) stays in the confirmation, in words. */
  onDelete: (item: Item) => Promise<void>;
  renderForm: (item: Item | null, isOnline: boolean, onClose: () => void) => ReactNode;
}) {
  const offlineId = useId();
  const isOnline = useIsOnline();
  const [editing, setEditing] = useState<{ item: Item | null } | null>(null);
  const [deleting, setDeleting] = useState<Item | null>(null);

  const addButton = (
    <AddButton
      label={texts.add}
      isOnline={isOnline}
      offlineReasonId={offlineId}
      onClick={() => setEditing({ item: null })}
    />
  );

  return (
    <SettingsPage title={title} action={addButton}>
      {!isOnline && (
        <p id={offlineId} role="status">
          {texts.offline}
        </p>
      )}
      <ItemList
        items={items}
        label={texts.list}
        emptyText={texts.empty}
        detail={detail}
        isDisabled={!isOnline}
        disabledReasonId={offlineId}
        onEdit={(item) => setEditing({ item })}
        onDelete={setDeleting}
      />
      {editing && renderForm(editing.item, isOnline, () => setEditing(null))}
      {deleting && (
        <ConfirmDialog
          message={texts.deleteQuestion(deleting)}
          onConfirm={() => onDelete(deleting)}
          onClose={() => setDeleting(null)}
        />
      )}
    </SettingsPage>
  );
}
