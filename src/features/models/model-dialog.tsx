import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createModel, type Model, updateModel } from '../../data/catalog';
import { showToast } from '../../state/toast-store';
import { ItemFormDialog } from '../../ui/item-form-dialog';
import { ModelRequirementFields, requirementInput, requirementValuesOf } from './model-requirements';

/**
 * Create (model null) or edit one event model: name, description, and what it asks of the subscribers' files
 * with whether an incomplete one warns or blocks (docs/rules.md#members-file).
 */
export function ModelDialog({
  model,
  isOnline,
  onClose,
}: {
  model: Model | null;
  isOnline: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [values, setValues] = useState(() => ({
    name: model?.name ?? '',
    description: model?.description ?? '',
    ...requirementValuesOf(model),
  }));

  async function save() {
    const input = {
      name: values.name.trim(),
      description: values.description.trim(),
      ...requirementInput(values),
    };
    if (model) await updateModel(model.uuid, input);
    else await createModel(input);
    showToast('success', model ? 'catalog.model_event_updated' : 'catalog.model_event_created');
  }

  return (
    <ItemFormDialog
      title={t(model ? 'catalog.model_edit' : 'catalog.model_new')}
      values={values}
      isOnline={isOnline}
      onChange={setValues}
      onSave={save}
      onClose={onClose}
    >
      {() => (
        <ModelRequirementFields values={values} onChange={(next) => setValues({ ...values, ...next })} />
      )}
    </ItemFormDialog>
  );
}
