import type { InvitationResent } from '@common/contract/invitation';
import { type AdminUser, emailSchema, type User } from '@common/contract/user';
import { mayEditProfile, mayResendInvitation } from '@common/rules/users';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useClubTimeZone } from '../../data/settings';
import { useIsOnline } from '../../data/sync-status';
import { changeMemberEmail, resendInvitation } from '../../data/user-admin';
import { errorText } from '../../i18n/error-text';
import { showToast } from '../../state/toast-store';
import { ModalDialog } from '../../ui/modal-dialog';
import { Icon } from '../../ui/screen-icons';
import { ConfirmLink } from './confirm-link';
import { dayInWords, invitationLine } from './invitation-words';
import notices from './member-mail.module.css';
import styles from './users.module.css';

interface MemberMailProps {
  actor: User;
  user: AdminUser;
  onChanged: (user: AdminUser) => void;
}

/**
 * « Invitation envoyée le 12 novembre » and « Renvoyer l'invitation » (docs/rules.md#accounts-and-sessions), for an
 * invitee who never confirmed; the button only where the shared rule lets this Admin resend. When no mail will
 * carry the new link, it is shown to hand over, as after the first invitation.
 */
export function InvitationPanel({ actor, user, onChanged }: MemberMailProps) {
  const { t, i18n } = useTranslation();
  const isOnline = useIsOnline();
  const timeZone = useClubTimeZone() ?? 'Europe/Paris';
  const [isBusy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [resent, setResent] = useState<InvitationResent | null>(null);
  const line = invitationLine(t, user, timeZone, i18n.language);
  if (!line) return null;

  async function resend() {
    setBusy(true);
    setError(null);
    try {
      const answer = await resendInvitation(user.id);
      onChanged(answer);
      if (answer.confirm_url) setResent(answer);
      else
        showToast(
          'success',
          'users.invitation_resent',
          t('users.invitation_resent', { email: answer.email }),
        );
    } catch (failure) {
      setError(errorText(t, failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className={notices.notice}>
      <p>
        <Icon name="mail" /> {line}
      </p>
      {mayResendInvitation(actor, user) && (
        <div>
          <button
            type="button"
            className="button"
            disabled={!isOnline || isBusy}
            onClick={() => void resend()}
          >
            {isBusy ? t('users.invitation_resending') : t('users.invitation_resend')}
          </button>
        </div>
      )}
      {error && (
        <p className={styles.fieldError} role="alert">
          {error}
        </p>
      )}
      {resent?.confirm_url && (
        <ModalDialog title={t('users.invitation_resend')} onClose={() => setResent(null)}>
          {(close) => (
            <ConfirmLink
              username={resent.username}
              url={resent.confirm_url ?? ''}
              mail={resent.invitation_mail}
              onDone={close}
            />
          )}
        </ModalDialog>
      )}
    </div>
  );
}

/**
 * The member's address as the Admins must know it (docs/rules.md#mails): a bounce says since when and what to do,
 * a new address waiting for its confirmation is named, and « Corriger l'adresse » asks for a new one where the
 * Admin may change this account (mayEditProfile). The address takes over once the link mailed to it is used.
 */
export function MemberEmail({ actor, user, onChanged }: MemberMailProps) {
  const { t, i18n } = useTranslation();
  const isOnline = useIsOnline();
  const timeZone = useClubTimeZone() ?? 'Europe/Paris';
  const [isFixing, setFixing] = useState(false);
  const canFix = user.email !== null && actor.id !== user.id && mayEditProfile(actor, user);
  if (!user.email_bouncing && !user.pending_email && !canFix) return null;

  const since = user.email_bouncing_since;
  return (
    <div className={`${notices.notice} ${user.email_bouncing ? notices.bouncing : ''}`}>
      {user.email_bouncing && (
        <p role="status">
          <Icon name="warning" />{' '}
          {since
            ? t('users.bouncing_since', { day: dayInWords(since, i18n.language, timeZone) })
            : t('users.bouncing_undated')}
        </p>
      )}
      {user.pending_email && <p>{t('users.pending_email', { email: user.pending_email })}</p>}
      {canFix && (
        <div>
          <button type="button" className="button" disabled={!isOnline} onClick={() => setFixing(true)}>
            {t(user.email_bouncing ? 'users.email_fix' : 'users.email_change')}
          </button>
        </div>
      )}
      {isFixing && <EmailFixDialog user={user} onChanged={onChanged} onClose={() => setFixing(false)} />}
    </div>
  );
}

function EmailFixDialog({
  user,
  onChanged,
  onClose,
}: {
  user: AdminUser;
  onChanged: (user: AdminUser) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [email, setEmail] = useState('');
  const [isBusy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent, close: () => void) {
    event.preventDefault();
    if (isBusy) return;
    if (!emailSchema.safeParse(email).success) {
      setError(t('users.email_invalid'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      onChanged(await changeMemberEmail(user.id, email));
      showToast('success', 'users.email_fix_sent');
      close();
    } catch (failure) {
      setError(errorText(t, failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <ModalDialog title={t('users.email_fix_title')} onClose={onClose} isBusy={isBusy}>
      {(close) => (
        <form className={styles.form} noValidate onSubmit={(e) => void submit(e, close)}>
          <p>{t('users.email_fix_current', { email: user.email })}</p>
          <div className={styles.field}>
            <label htmlFor={`${id}-email`}>{t('users.email_fix_new')}</label>
            <input
              id={`${id}-email`}
              type="email"
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              required
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
          </div>
          <p className={styles.muted}>{t('users.email_fix_how')}</p>
          {error && (
            <p id={`${id}-error`} className={styles.fieldError} role="alert">
              {error}
            </p>
          )}
          <div className={styles.buttons}>
            <button type="submit" className="button button-primary" disabled={isBusy}>
              {isBusy ? t('users.inviting') : t('users.email_fix_save')}
            </button>
          </div>
        </form>
      )}
    </ModalDialog>
  );
}
