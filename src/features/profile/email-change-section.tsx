import type { User } from '@common/contract/user';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { changeMyEmail } from '../../data/profile';
import { errorText } from '../../i18n/error-text';
import { replaceCurrentUser } from '../../state/session';
import { showToast } from '../../state/toast-store';
import confirmStyles from '../../ui/confirm-dialog.module.css';
import { ModalDialog } from '../../ui/modal-dialog';
import { PasswordField } from '../../ui/password-field';
import styles from './delete-account.module.css';
import sectionStyles from './profile-section.module.css';

function EmailChangeDialog({ user, onClose }: { user: User; onClose: () => void }) {
  const { t } = useTranslation();
  const emailId = useId();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [isBusy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function save(event: FormEvent, close: () => void) {
    event.preventDefault();
    if (isBusy) return;
    setBusy(true);
    setError(null);
    try {
      replaceCurrentUser(await changeMyEmail(user.id, email, password));
      showToast('success', 'emailChange.sent');
      setBusy(false);
      close();
    } catch (failure) {
      setError(errorText(t, failure));
      setBusy(false);
    }
  }

  return (
    <ModalDialog title={t('emailChange.title')} onClose={onClose} isBusy={isBusy}>
      {(close) => (
        <form className={confirmStyles.body} onSubmit={(event) => void save(event, close)}>
          <p className={sectionStyles.note}>{t('emailChange.current', { email: user.email })}</p>
          <div className={styles.field}>
            <label htmlFor={emailId}>{t('emailChange.new_email')}</label>
            <input
              id={emailId}
              type="email"
              autoComplete="email"
              required
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
          </div>
          <p className={sectionStyles.note}>{t('emailChange.how')}</p>
          <PasswordField value={password} onChange={setPassword} />
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
              {isBusy ? t('emailChange.saving') : t('emailChange.save')}
            </button>
          </div>
        </form>
      )}
    </ModalDialog>
  );
}

/**
 * « Adresse email »: the address the club writes to, and a way to change it, confirmed with the password (a
 * reset link goes there). The new address takes over only once the link mailed to it is used
 * (docs/rules.md#accounts-and-sessions); until then the section says which one waits. Online only.
 */
export function EmailChangeSection({ user, isOnline }: { user: User; isOnline: boolean }) {
  const { t } = useTranslation();
  const headingId = useId();
  const [isOpen, setOpen] = useState(false);
  return (
    <section className={sectionStyles.section} aria-labelledby={headingId}>
      <h2 id={headingId}>{t('emailChange.section')}</h2>
      <p>{user.email}</p>
      {user.pending_email && (
        <p className={sectionStyles.note}>
          <strong>{t('emailChange.pending_title')}</strong>{' '}
          {t('emailChange.pending', { email: user.pending_email })}
        </p>
      )}
      {!isOnline && <p className={sectionStyles.note}>{t('emailChange.offline')}</p>}
      <div>
        <button type="button" className="button" disabled={!isOnline} onClick={() => setOpen(true)}>
          {t('emailChange.open')}
        </button>
      </div>
      {isOpen && <EmailChangeDialog user={user} onClose={() => setOpen(false)} />}
    </section>
  );
}
