import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { askPasswordReset } from '../../data/profile';
import { useIsOnline } from '../../data/sync-status';
import { errorText } from '../../i18n/error-text';
import { useCurrentUser } from '../../state/session';
import { showToast } from '../../state/toast-store';
import { Icon } from '../../ui/screen-icons';
import { CalendarFeedSection } from './calendar-feed-section';
import { DeleteAccountSection } from './delete-account-section';
import { EmailChangeSection } from './email-change-section';
import { FamilySection } from './family/family-section';
import { InstallSection } from './install-section';
import { MyDataSection } from './my-data-section';
import { PasswordChangeSection } from './password-change-section';
import { PreferencesPanel } from './preferences-panel';
import styles from './profile.module.css';
import { ProfileForm } from './profile-form';
import { ProfilePicture } from './profile-picture';
import { ProfileTabs } from './profile-tabs';

// Its own chunk (docs/rules.md#members-file): « Mon dossier » loads after the profile's first render.
const MemberFileSection = lazy(() =>
  import('./member-file/member-file-section').then((m) => ({ default: m.MemberFileSection })),
);

/** /my-profile: picture, password reset, and the profile and preferences tabs (editing is online only). */
export function ProfileScreen() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const isOnline = useIsOnline();
  const [resetState, setResetState] = useState<'idle' | 'sending' | 'sent'>('idle');

  if (!user) return <p role="status">{t('app.loading')}</p>;
  const email = user.email;
  const fullName = [user.first_name, user.last_name].filter(Boolean).join(' ');

  async function askReset() {
    // Whoever signs in has an address; only a child without a login has none, and it never signs in.
    if (email === null) return;
    setResetState('sending');
    try {
      await askPasswordReset(email);
      setResetState('sent');
    } catch (error) {
      setResetState('idle');
      showToast('error', 'user_update_failed', errorText(t, error));
    }
  }

  const profilePanel = (
    <>
      <ProfileForm key={user.id} user={user} isOnline={isOnline} />
      <EmailChangeSection user={user} isOnline={isOnline} />
      <PasswordChangeSection userId={user.id} isOnline={isOnline} />
      <MyDataSection user={user} isOnline={isOnline} />
      <DeleteAccountSection userId={user.id} isOnline={isOnline} />
    </>
  );
  const preferencesPanel = (
    <>
      <PreferencesPanel userId={user.id} isOnline={isOnline} />
      <CalendarFeedSection userId={user.id} isOnline={isOnline} />
    </>
  );
  const installPanel = <InstallSection />;
  return (
    <section className={styles.screen}>
      <div className={styles.head}>
        <ProfilePicture userId={user.id} isOnline={isOnline} />
        <div className={styles.identity}>
          <h1>{t('profile.title')}</h1>
          <p className={styles.muted}>{fullName ? `${fullName} · ${user.username}` : user.username}</p>
          <p className={styles.muted}>{user.email}</p>
        </div>
        <button
          type="button"
          className="button"
          disabled={!isOnline || resetState === 'sending'}
          onClick={() => void askReset()}
        >
          {t('profile.reset_password')}
        </button>
      </div>
      <p className={styles.muted} role="status">
        {resetState === 'sent' ? t('profile.reset_sent', { email }) : ''}
      </p>
      {user.email_bouncing && (
        <p className={styles.bouncing} role="alert">
          <Icon name="warning" />
          <span>{t('emailBouncing.banner', { email })}</span>
        </p>
      )}
      <ProfileTabs
        panels={{
          profile: profilePanel,
          preferences: preferencesPanel,
          family: <FamilySection user={user} isOnline={isOnline} />,
          file: (
            <Suspense fallback={<p role="status">{t('app.loading')}</p>}>
              <MemberFileSection userId={user.id} isOnline={isOnline} />
            </Suspense>
          ),
          install: installPanel,
        }}
      />
    </section>
  );
}
