import type { ClubSettings } from '@common/contract/settings';
import { clubDayOf } from '@common/rules/club-time';
import { seasonOf } from '@common/rules/member-file-days';
import { useCallback, useId } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type AdminMemberFile,
  type LicenceAnswer,
  readMemberFileForAdmin,
} from '../../data/member-file-admin';
import { readClubSettingsForAdmin, useClubTimeZone } from '../../data/settings';
import { useIsOnline } from '../../data/sync-status';
import styles from './licence.module.css';
import { LicenceForm } from './licence-form';
import { LicenceHealthList } from './licence-health';
import { LoadFailure } from './load-failure';
import { useRemote } from './use-remote';

/** The season after `season` (`2025-2026` → `2026-2027`). */
const nextSeason = (season: string) => {
  const first = Number(season.slice(0, 4)) + 1;
  return `${first}-${first + 1}`;
};

type Loaded = AdminMemberFile & { settings: ClubSettings };

function LicenceFacts({ licence }: { licence: LicenceAnswer }) {
  const { t } = useTranslation();
  return (
    <dl className={styles.facts}>
      <dt>{t('licenceAdmin.number')}</dt>
      <dd>{licence.number}</dd>
      <dt>{t('licenceAdmin.federation')}</dt>
      <dd>{licence.federation}</dd>
      <dt>{t('licenceAdmin.type')}</dt>
      <dd>{licence.type}</dd>
    </dl>
  );
}

/**
 * « Licence » on the member's page (docs/rules.md#members-file): the file's state today in words, this
 * season's licence and the older ones, the form that records one, and the member's health items (read only).
 * Read online each time: an Admin's device keeps no member's health data.
 */
export function LicenceSection({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const headingId = useId();
  const isOnline = useIsOnline();
  const timeZone = useClubTimeZone();
  const { remote, reload } = useRemote<Loaded>(
    useCallback(async () => {
      const [file, settings] = await Promise.all([
        readMemberFileForAdmin(userId),
        readClubSettingsForAdmin(),
      ]);
      return { ...file, settings };
    }, [userId]),
  );

  return (
    <section className={`card ${styles.section}`} aria-labelledby={headingId}>
      <h2 id={headingId}>{t('licenceAdmin.title')}</h2>
      {remote.status === 'loading' && <p role="status">{t('licenceAdmin.loading')}</p>}
      {remote.status === 'failed' && (
        <LoadFailure messageKey="licenceAdmin.load_failed" error={remote.error} onRetry={reload} />
      )}
      {remote.status === 'ready' && (
        <LicenceContent
          loaded={remote.value}
          userId={userId}
          today={clubDayOf(new Date(), timeZone ?? 'Europe/Paris')}
          isOnline={isOnline}
          onChanged={reload}
        />
      )}
    </section>
  );
}

function LicenceContent({
  loaded,
  userId,
  today,
  isOnline,
  onChanged,
}: {
  loaded: Loaded;
  userId: string;
  today: string;
  isOnline: boolean;
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  const { file, dossier, settings } = loaded;
  const current = seasonOf(today, settings.season_start ?? '09-01');
  const thisSeason = file.licences.find((licence) => licence.season === current);
  const older = file.licences.filter((licence) => licence.season < current);
  const upcoming = file.licences.filter((licence) => licence.season > current);
  return (
    <>
      <div className={styles.block}>
        <p className={styles.status}>
          {t('licenceAdmin.state', { status: t(`memberFile.status.${dossier.status}`) })}
        </p>
        {dossier.reasons.length > 0 && (
          <ul className={styles.list} aria-label={t('licenceAdmin.reasons')}>
            {dossier.reasons.map((reason) => (
              <li key={reason}>{t(`memberFile.reason.${reason}`)}</li>
            ))}
          </ul>
        )}
      </div>
      <div className={styles.block}>
        <h3>{t('licenceAdmin.this_season', { season: current })}</h3>
        {thisSeason ? (
          <LicenceFacts licence={thisSeason} />
        ) : (
          <p className={styles.hint}>{t('licenceAdmin.none_this_season')}</p>
        )}
      </div>
      {upcoming.map((licence) => (
        <div key={licence.season} className={styles.block}>
          <h3>{t('licenceAdmin.next_season', { season: licence.season })}</h3>
          <LicenceFacts licence={licence} />
        </div>
      ))}
      {older.length > 0 && (
        <div className={styles.block}>
          <h3>{t('licenceAdmin.older')}</h3>
          <ul className={styles.list}>
            {older.map((licence) => (
              <li key={licence.season}>
                {t('licenceAdmin.older_line', {
                  season: licence.season,
                  federation: licence.federation,
                  type: licence.type,
                  number: licence.number,
                })}
              </li>
            ))}
          </ul>
        </div>
      )}
      <LicenceForm
        key={file.licences[0]?.recorded_at ?? 'none'}
        userId={userId}
        seasons={[current, nextSeason(current)]}
        licenceTypes={settings.licence_types ?? []}
        latest={file.licences[0]}
        isOnline={isOnline}
        onSaved={onChanged}
      />
      <LicenceHealthList
        items={file.health_items}
        userId={userId}
        today={today}
        isOnline={isOnline}
        onChanged={onChanged}
      />
    </>
  );
}
