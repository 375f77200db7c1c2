import type { User } from '@common/contract/user';
import { mayDeleteOthersAccount, mayRevoke, mayUnlock } from '@common/rules/users';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsOnline } from '../../data/sync-status';
import { changeRole, deleteMember, setRevoked, unlockUser } from '../../data/user-admin';
import { errorText } from '../../i18n/error-text';
import { showToast } from '../../state/toast-store';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { PasswordField } from '../../ui/password-field';
import { RoleSelector } from './role-selector';
import styles from './users.module.css';

/** The signed-in admin, the account shown, and what to do with the account as a write leaves it. */
export interface AccountProps {
  actor: User;
  user: User;
  onChanged: (user: User) => void;
}

/**
 * Revoke or reactivate, unlock, change the role, delete the account: each shown only when the shared rules
 * allow it (the server decides with the same functions). Online only; a refusal is said in words under the
 * buttons.
 */
export function UserActions({
  actor,
  user,
  onChanged,
  onDeleted,
}: AccountProps & { onDeleted?: () => void }) {
  const { t } = useTranslation();
  // Named as the club knows them, the username only when no name was given.
  const displayName = [user.first_name, user.last_name].filter(Boolean).join(' ') || user.username;
  const isOnline = useIsOnline();
  const [isBusy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [isConfirmingRevoke, setConfirmingRevoke] = useState(false);
  const [isConfirmingDelete, setConfirmingDelete] = useState(false);
  const [password, setPassword] = useState('');

  /** A refusal is said under the buttons; `isInDialog` leaves it to the confirmation dialog instead. */
  async function run(
    write: () => Promise<User>,
    successKey: string,
    successText?: string,
    isInDialog = false,
  ) {
    setBusy(true);
    setError(null);
    try {
      onChanged(await write());
      showToast('success', successKey, successText);
    } catch (failure) {
      if (isInDialog) throw failure;
      setError(errorText(t, failure));
    } finally {
      setBusy(false);
    }
  }

  const canRevoke = mayRevoke(actor, user);
  const canUnlock = mayUnlock(actor, user);
  const canDelete = mayDeleteOthersAccount(actor, user);
  const isDisabled = !isOnline || isBusy;
  return (
    <div className={styles.actions}>
      {!isOnline && (
        <p id="user-actions-offline" className={styles.notice}>
          {t('users.offline')}
        </p>
      )}
      {(canRevoke || canUnlock) && (
        <div className={styles.buttons}>
          {canUnlock && (
            <button
              type="button"
              className="button"
              disabled={isDisabled}
              aria-describedby={isOnline ? undefined : 'user-actions-offline'}
              onClick={() => void run(() => unlockUser(user.id), 'users.unlocked_toast')}
            >
              {t('users.unlock')}
            </button>
          )}
          {canRevoke &&
            (user.is_revoked ? (
              <button
                type="button"
                className="button"
                disabled={isDisabled}
                aria-describedby={isOnline ? undefined : 'user-actions-offline'}
                onClick={() => void run(() => setRevoked(user.id, false), 'users.reactivated_toast')}
              >
                {t('users.reactivate')}
              </button>
            ) : (
              <button
                type="button"
                className={`button ${styles.danger}`}
                disabled={isDisabled}
                aria-describedby={isOnline ? undefined : 'user-actions-offline'}
                onClick={() => setConfirmingRevoke(true)}
              >
                {t('users.revoke')}
              </button>
            ))}
        </div>
      )}
      <RoleSelector
        actor={actor}
        user={user}
        isDisabled={isDisabled}
        onSave={(role) =>
          run(
            () => changeRole(user.id, role),
            'users.role_changed',
            t('users.role_changed', { role: t(`users.role_${role}`) }),
          )
        }
      />
      {canDelete && (
        <div className={styles.buttons}>
          <button
            type="button"
            className={`button ${styles.danger}`}
            disabled={isDisabled}
            aria-describedby={isOnline ? undefined : 'user-actions-offline'}
            onClick={() => {
              setPassword('');
              setConfirmingDelete(true);
            }}
          >
            {t('users.delete')}
          </button>
        </div>
      )}
      {error && (
        <p className={styles.fieldError} role="alert">
          {error}
        </p>
      )}
      {isConfirmingRevoke && (
        <ConfirmDialog
          title={t('users.revoke_title')}
          message={t('users.revoke_confirm', { name: displayName })}
          confirmLabel={t('users.revoke')}
          onConfirm={() => run(() => setRevoked(user.id, true), 'users.revoked_toast', undefined, true)}
          onClose={() => setConfirmingRevoke(false)}
        />
      )}
      {isConfirmingDelete && (
        <ConfirmDialog
          title={t('users.delete_title')}
          message={t('users.delete_confirm', { name: displayName })}
          confirmLabel={t('users.delete')}
          onConfirm={async () => {
            await deleteMember(user.id, password);
            showToast('success', 'users.deleted_toast');
            onDeleted?.();
          }}
          onClose={() => setConfirmingDelete(false)}
        >
          <PasswordField value={password} onChange={setPassword} />
        </ConfirmDialog>
      )}
    </div>
  );
}
