import { isStrongPassword } from '@common/rules/password';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { changeMyPassword } from '../../data/profile';
import { showToast } from '../../state/toast-store';
import { FormDialog } from '../../ui/form-dialog';
import { PasswordField } from '../../ui/password-field';
import sectionStyles from './profile-section.module.css';

function PasswordChangeDialog({ userId, onClose }: { userId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const policyId = useId();
  const [password, setPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');

  async function save(): Promise<string | undefined> {
    // The same policy the server applies: said here, before a round trip.
    if (!isStrongPassword(newPassword)) return t('errors.password_too_weak');
    await changeMyPassword(userId, password, newPassword);
    showToast('success', 'passwordChange.done');
    return undefined;
  }

  return (
    <FormDialog
      title={t('passwordChange.title')}
      saveLabel={t('passwordChange.save')}
      savingLabel={t('passwordChange.saving')}
      onSubmit={save}
      onClose={onClose}
    >
      <PasswordField value={password} onChange={setPassword} label={t('passwordChange.current')} />
      <PasswordField value={newPassword} onChange={setNewPassword} label={t('passwordChange.new')} isNew />
      <p id={policyId} className={sectionStyles.note}>
        {t('password.policy')}
      </p>
      <p className={sectionStyles.note}>{t('passwordChange.other_devices')}</p>
    </FormDialog>
  );
}

/**
 * « Mot de passe »: the member changes their own, typing the current one again
 * (docs/rules.md#accounts-and-sessions). Their other devices are signed out; this one stays. Online only.
 */
export function PasswordChangeSection({ userId, isOnline }: { userId: string; isOnline: boolean }) {
  const { t } = useTranslation();
  const headingId = useId();
  const [isOpen, setOpen] = useState(false);
  return (
    <section className={sectionStyles.section} aria-labelledby={headingId}>
      <h2 id={headingId}>{t('passwordChange.section')}</h2>
      {!isOnline && <p className={sectionStyles.note}>{t('passwordChange.offline')}</p>}
      <div>
        <button type="button" className="button" disabled={!isOnline} onClick={() => setOpen(true)}>
          {t('passwordChange.open')}
        </button>
      </div>
      {isOpen && <PasswordChangeDialog userId={userId} onClose={() => setOpen(false)} />}
    </section>
  );
}
