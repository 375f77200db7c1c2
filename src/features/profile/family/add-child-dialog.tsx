import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addChild } from '../../../data/family-writes';
import { showToast } from '../../../state/toast-store';
import form from '../../../ui/form.module.css';
import { FormDialog } from '../../../ui/form-dialog';
import styles from './family.module.css';

type Field = 'first_name' | 'last_name' | 'birth_date';
const FIELDS: Field[] = ['first_name', 'last_name', 'birth_date'];

/**
 * « Ajouter un enfant » (docs/rules.md#families): first name, last name and birth date; the child has no
 * login and the member becomes its guardian. A blank field is said before any round trip; the server's
 * refusals (a birth date of an adult, the same child already a member) are said in the dialog.
 */
export function AddChildDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [values, setValues] = useState<Record<Field, string>>({
    first_name: '',
    last_name: '',
    birth_date: '',
  });
  const [blank, setBlank] = useState<Field[]>([]);

  async function submit(): Promise<string | undefined> {
    const missing = FIELDS.filter((field) => values[field].trim() === '');
    setBlank(missing);
    if (missing.length > 0) return t('my_family.required');
    const child = await addChild({
      first_name: values.first_name.trim(),
      last_name: values.last_name.trim(),
      birth_date: values.birth_date,
    });
    showToast('success', 'my_family.child_added', t('my_family.child_added', { name: child.first_name }));
    return undefined;
  }

  return (
    <FormDialog
      title={t('my_family.add_child_title')}
      saveLabel={t('my_family.save_child')}
      savingLabel={t('my_family.saving_child')}
      onSubmit={submit}
      onClose={onClose}
    >
      <p className={styles.hint}>{t('my_family.add_child_hint')}</p>
      {FIELDS.map((field) => (
        <div key={field} className={form.field}>
          <label htmlFor={`${id}-${field}`}>{t(`my_family.${field}`)}</label>
          <input
            id={`${id}-${field}`}
            type={field === 'birth_date' ? 'date' : 'text'}
            autoComplete={
              field === 'birth_date' ? 'off' : field === 'first_name' ? 'given-name' : 'family-name'
            }
            value={values[field]}
            aria-required="true"
            aria-invalid={blank.includes(field)}
            onChange={(event) => setValues({ ...values, [field]: event.target.value })}
          />
        </div>
      ))}
    </FormDialog>
  );
}
