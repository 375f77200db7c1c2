import { isStrongPassword } from '@common/rules/password';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { changeMyPassword } from '../../data/profile';
import { errorText } from '../../i18n/error-text';
import { showToast } from '../../state/toast-store';
import confirmStyles from '../../ui/confirm-dialog.module.css';
import { ModalDialog } from '../../ui/modal-dialog';
import { PasswordField } from '../../ui/password-field';
import sectionStyles from './profile-section.module.css';

function PasswordChangeDialog({ userId, onClose }: { userId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const policyId = useId();
  const [password, setPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [isBusy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function save(event: FormEvent, close: () => void) {
    event.preventDefault();
    if (isBusy) return;
    // The same policy the server applies: said here, before a round trip.
    if (!isStrongPassword(newPassword)) {
      setError(t('errors.password_too_weak'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await changeMyPassword(userId, password, newPassword);
      showToast('success', 'passwordChange.done');
      setBusy(false);
      close();
    } catch (failure) {
      setError(errorText(t, failure));
      setBusy(false);
    }
  }

  return (
    <ModalDialog title={t('passwordChange.title')} onClose={onClose} isBusy={isBusy}>
      {(close) => (
        <form className={confirmStyles.body} onSubmit={(event) => void save(event, close)}>
          <PasswordField value={password} onChange={setPassword} label={t('passwordChange.current')} />
          <PasswordField
            value={newPassword}
            onChange={setNewPassword}
            label={t('passwordChange.new')}
            isNew
          />
          <p id={policyId} className={sectionStyles.note}>
            {t('password.policy')}
          </p>
          <p className={sectionStyles.note}>{t('passwordChange.other_devices')}</p>
          {error && (
            <p className={confirmStyles.error} role="alert">
              {error}
            </p>
          )}
          <div className={confirmStyles.buttons}>
            <button type="button" className="button" disabled={isBusy} onClick={close}>
              {t('confirm.cancel')}
            </button>
            <button type="submit" className="button button-primary" aria-disabled={isBusy}>
              {isBusy ? t('passwordChange.saving') : t('passwordChange.save')}
            </button>
          </div>
        </form>
      )}
    </ModalDialog>
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
