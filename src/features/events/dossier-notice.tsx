import type { EventDto } from '@common/contract/event';
import type { User } from '@common/contract/user';
import { standingOf } from '@common/rules/events';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import styles from './dossier-notice.module.css';
import { dossierBlocks, isIncomplete } from './dossier-state';

/** Where the member completes their file: the profile's « Mon dossier » tab (profile-tabs.tsx reads `?tab=`). */
export const MY_DOSSIER_PATH = '/my-profile?tab=file';

/** Each reason in words; one this version has no words for (a newer server's) is left out, never shown raw. */
function Reasons({ reasons }: { reasons: readonly string[] }) {
  const { t } = useTranslation();
  const said = reasons.flatMap((reason) => {
    const words = t(`memberFile.reason.${reason}`, { defaultValue: '' });
    return words ? [{ reason, words }] : [];
  });
  return (
    <ul>
      {said.map(({ reason, words }) => (
        <li key={reason}>{words}</li>
      ))}
    </ul>
  );
}

/**
 * The reader's own file for this event (docs/rules.md#members-file), said before they subscribe: why it is
 * incomplete, in words, whether that blocks the subscription or only warns, and where to complete it. Once
 * subscribed under `warn`, the answer's `warnings` say what is still to complete. `id` names the words the
 * blocked buttons point to (aria-describedby).
 */
export function DossierNotice({ event, user, id }: { event: EventDto; user: User; id: string }) {
  const { t } = useTranslation();
  const standing = standingOf(event, user.id);
  const isIn = standing.isSubscribed || standing.isWaiting;
  const warnings = isIn ? (event.warnings ?? []) : [];
  const dossier = event.my_dossier;
  if (warnings.length === 0 && !isIncomplete(dossier)) return null;
  const blocks = !isIn && dossierBlocks(event);
  const reasons = warnings.length > 0 ? warnings : (dossier?.reasons ?? []);
  return (
    <section
      className={`${styles.notice} ${blocks ? styles.blocks : ''}`}
      aria-labelledby={`${id}-heading`}
      data-testid="dossier-notice"
    >
      <h3 id={`${id}-heading`}>
        {warnings.length > 0
          ? t('memberFile.notice.warnings')
          : dossier
            ? t(`memberFile.status.${dossier.status}`)
            : t('memberFile.notice.heading')}
      </h3>
      <div id={id}>
        <Reasons reasons={reasons} />
        {!isIn && <p>{t(blocks ? 'memberFile.notice.blocks' : 'memberFile.notice.warns')}</p>}
      </div>
      <p>
        <Link to={MY_DOSSIER_PATH}>{t('memberFile.notice.fix')}</Link>
      </p>
    </section>
  );
}
