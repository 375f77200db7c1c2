import type { User } from '@common/contract/user';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { changeMyEmail } from '../../data/profile';
import { replaceCurrentUser } from '../../state/session';
import { showToast } from '../../state/toast-store';
import formStyles from '../../ui/form.module.css';
import { FormDialog } from '../../ui/form-dialog';
import { PasswordField } from '../../ui/password-field';
import sectionStyles from './profile-section.module.css';

function EmailChangeDialog({ user, onClose }: { user: User; onClose: () => void }) {
  const { t } = useTranslation();
  const emailId = useId();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');

  async function save(): Promise<undefined> {
    replaceCurrentUser(await changeMyEmail(user.id, email, password));
    showToast('success', 'emailChange.sent');
    return undefined;
  }

  return (
    <FormDialog
      title={t('emailChange.title')}
      saveLabel={t('emailChange.save')}
      savingLabel={t('emailChange.saving')}
      onSubmit={save}
      onClose={onClose}
    >
      <p className={sectionStyles.note}>{t('emailChange.current', { email: user.email })}</p>
      <div className={formStyles.field}>
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
    </FormDialog>
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
