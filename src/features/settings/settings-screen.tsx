import { type SettingsEntry, settingsEntriesFor } from '@common/rules/settings-menu';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useCurrentUser } from '../../state/session';
import { Icon, type ScreenIconName } from '../../ui/screen-icons';
import styles from './settings.module.css';

const ENTRIES: Record<SettingsEntry, { path: string; icon: ScreenIconName }> = {
  app: { path: '/settings/app', icon: 'image' },
  users: { path: '/settings/users', icon: 'users' },
  email: { path: '/settings/email', icon: 'mail' },
  report: { path: '/settings/report', icon: 'chart' },
  model: { path: '/settings/model', icon: 'model' },
  stuff: { path: '/settings/stuff', icon: 'stuff' },
  not_returned: { path: '/settings/not-returned', icon: 'past' },
};

/** /settings: one link per area the member may manage (the shared rule decides which). */
export function SettingsScreen() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const entries = settingsEntriesFor(user?.role_name);

  return (
    <section className={styles.screen}>
      <h1>{t('settingsMenu.title')}</h1>
      <nav aria-label={t('settingsMenu.label')}>
        <ul className={styles.list}>
          {entries.map((entry) => {
            const titleId = `settings-${entry}-title`;
            const descriptionId = `settings-${entry}-description`;
            return (
              <li key={entry}>
                <Link
                  to={ENTRIES[entry].path}
                  className={`card ${styles.entry}`}
                  aria-labelledby={titleId}
                  aria-describedby={descriptionId}
                >
                  <span className={styles.icon}>
                    <Icon name={ENTRIES[entry].icon} />
                  </span>
                  <span className={styles.text}>
                    <span id={titleId} className={styles.title}>
                      {t(`settingsMenu.${entry}_title`)}
                    </span>
                    <span id={descriptionId} className={styles.description}>
                      {t(`settingsMenu.${entry}_description`)}
                    </span>
                  </span>
                  <Icon name="chevron" />
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
    </section>
  );
}
