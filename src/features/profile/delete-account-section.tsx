import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { deleteMyAccount } from '../../data/profile';
import { usePendingCount } from '../../data/sync-status';
import { endDeletedSession } from '../../state/sign-out';
import { showToast } from '../../state/toast-store';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { PasswordField } from '../../ui/password-field';
import { Icon } from '../../ui/screen-icons';
import styles from './delete-account.module.css';
import sectionStyles from './profile-section.module.css';

/**
 * « Supprimer mon compte » (GDPR art. 17, docs/rules.md#members-in-and-out): what goes and what stays, then a
 * confirmation with the password. Writes made offline and not sent yet are counted in it: the server will
 * refuse them once the account is gone, so the member decides knowing it. Online only.
 */
export function DeleteAccountSection({ userId, isOnline }: { userId: string; isOnline: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const headingId = useId();
  const pending = usePendingCount();
  const [isAsking, setAsking] = useState(false);
  const [password, setPassword] = useState('');

  async function confirm() {
    await deleteMyAccount(userId, password);
    await endDeletedSession();
    showToast('info', 'deleteAccount.done');
    void navigate('/login', { replace: true });
  }

  return (
    <section className={sectionStyles.section} aria-labelledby={headingId}>
      <h2 id={headingId}>{t('deleteAccount.title')}</h2>
      <p className={sectionStyles.note}>{t('deleteAccount.intro')}</p>
      {!isOnline && <p className={sectionStyles.note}>{t('deleteAccount.offline')}</p>}
      <div>
        <button
          type="button"
          className={`button ${styles.danger}`}
          disabled={!isOnline}
          onClick={() => {
            setPassword('');
            setAsking(true);
          }}
        >
          <Icon name="warning" />
          {t('deleteAccount.open')}
        </button>
      </div>
      {isAsking && (
        <ConfirmDialog
          title={t('deleteAccount.confirm_title')}
          message={t('deleteAccount.confirm_message')}
          confirmLabel={t('deleteAccount.confirm')}
          onConfirm={confirm}
          onClose={() => setAsking(false)}
        >
          {pending > 0 && (
            <p className={styles.pending} role="status">
              {t('deleteAccount.pending', { count: pending })}
            </p>
          )}
          <PasswordField value={password} onChange={setPassword} />
        </ConfirmDialog>
      )}
    </section>
  );
}
