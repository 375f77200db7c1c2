import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deleteModel, type Model, useModels } from '../../data/catalog';
import { useIsOnline } from '../../data/sync-status';
import { showToast } from '../../state/toast-store';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { ItemList } from '../../ui/item-list';
import { AddButton, SettingsPage } from '../../ui/settings-page';
import { ModelDialog } from './model-dialog';

type Editing = { model: Model | null } | null;

/** /settings/model: the club's event models, created, edited and deleted online by contributors and admins. */
export function ModelsScreen() {
  const { t } = useTranslation();
  const offlineId = useId();
  const models = useModels();
  const isOnline = useIsOnline();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Model | null>(null);

  async function remove(model: Model) {
    await deleteModel(model.uuid);
    showToast('success', 'catalog.item_deleted');
  }

  const addButton = (
    <AddButton
      label={t('catalog.add_model')}
      isOnline={isOnline}
      offlineReasonId={offlineId}
      onClick={() => setEditing({ model: null })}
    />
  );

  return (
    <SettingsPage title={t('catalog.models_title')} action={addButton}>
      {!isOnline && (
        <p id={offlineId} role="status">
          {t('catalog.offline')}
        </p>
      )}
      <ItemList
        items={models}
        label={t('catalog.models_list')}
        emptyText={t('catalog.models_empty')}
        isDisabled={!isOnline}
        disabledReasonId={offlineId}
        onEdit={(model) => setEditing({ model })}
        onDelete={setDeleting}
      />
      {editing && <ModelDialog model={editing.model} isOnline={isOnline} onClose={() => setEditing(null)} />}
      {deleting && (
        <ConfirmDialog
          message={t('catalog.delete_model_question', { name: deleting.name })}
          onConfirm={() => remove(deleting)}
          onClose={() => setDeleting(null)}
        />
      )}
    </SettingsPage>
  );
}
