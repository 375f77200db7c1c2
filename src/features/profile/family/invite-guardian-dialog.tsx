import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { linkGuardian } from '../../../data/family-writes';
import { showToast } from '../../../state/toast-store';
import form from '../../../ui/form.module.css';
import { FormDialog } from '../../../ui/form-dialog';
import styles from './family.module.css';

/**
 * « Ajouter un responsable »: the other parent's address; their account is linked, or invited first when
 * there is none (docs/rules.md#families). The server's refusals (three guardians already, one level) are
 * said in the dialog.
 */
export function InviteGuardianDialog({
  childId,
  childName,
  onClose,
}: {
  childId: string;
  childName: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [email, setEmail] = useState('');
  const [isBlank, setBlank] = useState(false);

  async function submit(): Promise<string | undefined> {
    setBlank(email.trim() === '');
    if (email.trim() === '') return t('my_family.required');
    const guardian = await linkGuardian(childId, email.trim());
    const name = [guardian.first_name, guardian.last_name].filter(Boolean).join(' ') || email.trim();
    showToast('success', 'my_family.invited', t('my_family.invited', { name }));
    return undefined;
  }

  return (
    <FormDialog
      title={t('my_family.invite_title', { name: childName })}
      saveLabel={t('my_family.send_invite')}
      savingLabel={t('my_family.sending_invite')}
      onSubmit={submit}
      onClose={onClose}
    >
      <p className={styles.hint}>{t('my_family.invite_hint')}</p>
      <div className={form.field}>
        <label htmlFor={`${id}-email`}>{t('my_family.email')}</label>
        <input
          id={`${id}-email`}
          type="email"
          autoComplete="email"
          value={email}
          aria-required="true"
          aria-invalid={isBlank}
          onChange={(event) => setEmail(event.target.value)}
        />
      </div>
    </FormDialog>
  );
}
