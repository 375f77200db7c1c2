import { useTranslation } from 'react-i18next';
import { deleteModel, type Model, useModels } from '../../data/catalog';
import { showToast } from '../../state/toast-store';
import { ItemListPage } from '../../ui/item-list-page';
import { ModelDialog } from './model-dialog';

/** /settings/model: the club's event models, created, edited and deleted online by contributors and admins. */
export function ModelsScreen() {
  const { t } = useTranslation();
  const models = useModels();

  async function remove(model: Model) {
    await deleteModel(model.uuid);
    showToast('success', 'catalog.item_deleted');
  }

  return (
    <ItemListPage
      title={t('catalog.models_title')}
      texts={{
        add: t('catalog.add_model'),
        list: t('catalog.models_list'),
        empty: t('catalog.models_empty'),
        offline: t('catalog.offline'),
        deleteQuestion: (model) => t('catalog.delete_model_question', { name: model.name }),
      }}
      items={models}
      onDelete={remove}
      renderForm={(model, isOnline, onClose) => (
        <ModelDialog model={model} isOnline={isOnline} onClose={onClose} />
      )}
    />
  );
}
