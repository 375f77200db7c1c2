import type { EventDto } from '@common/contract/event';
import type { User } from '@common/contract/user';
import { followsSeries } from '@common/rules/events';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type SeriesSubscribeAnswer, subscribeSeries, useCachedSessions } from '../../data/series';
import { useClubTimeZone } from '../../data/settings';
import { useIsOnline } from '../../data/sync-status';
import { dossierReasonsText } from '../../i18n/dossier-text';
import { errorText } from '../../i18n/error-text';
import styles from './dialog.module.css';
import { sessionDayText } from './series-text';

type Session = SeriesSubscribeAnswer['sessions'][number];

/** What happened at one session; what the member's file lacks is said too, refused or warned of. */
function OutcomeText({ session }: { session: Session }) {
  const { t } = useTranslation();
  const lacks = session.reasons?.length ? dossierReasonsText(t, session.reasons) : null;
  if (session.outcome !== 'refused') {
    const outcome = t(`series.outcome.${session.outcome}`);
    return lacks ? `${outcome} ${lacks}` : outcome;
  }
  const reason = t(`errors.${session.code ?? 'server_error'}`, { defaultValue: t('errors.server_error') });
  const refused = t('series.outcome.refused', { reason });
  return lacks ? `${refused} ${lacks}` : refused;
}

/**
 * In the registration popup of a session: join or leave every upcoming session of its series at once,
 * then what happened at each (each session is decided alone: places, waiting list). Online only — the
 * answer is the point, so it is never queued.
 */
export function SeriesRegistration({
  uuidSeries,
  session,
  user,
  kit,
}: {
  uuidSeries: string;
  /** The session whose sheet this is, as shown (it may be newer than the cache). */
  session: EventDto;
  user: User;
  /** The kit picked in the popup (or booked at this session), asked for at each session (docs/rules.md#kit). */
  kit: readonly string[];
}) {
  const { t, i18n } = useTranslation();
  const isOnline = useIsOnline();
  const timeZone = useClubTimeZone();
  const offlineId = useId();
  const [busy, setBusy] = useState<'join' | 'leave' | null>(null);
  const [answer, setAnswer] = useState<SeriesSubscribeAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function send(subscribe: boolean) {
    setBusy(subscribe ? 'join' : 'leave');
    setError(null);
    setAnswer(null);
    try {
      setAnswer(
        await subscribeSeries(uuidSeries, {
          uuid_user: user.id,
          subscribe,
          ...(subscribe && kit.length > 0 ? { uuid_stuff: kit[0], stuffs: [...kit] } : {}),
        }),
      );
    } catch (failure) {
      setError(errorText(t, failure));
    }
    setBusy(null);
  }

  const isDisabled = !isOnline || busy !== null;
  // « Quitter la série » only for a member who follows it: a place or a spot in line at a session to come.
  const sessions = useCachedSessions(uuidSeries);
  const isFollowing = followsSeries([session, ...(sessions ?? [])], user.id, new Date());
  const moves = isFollowing || busy === 'leave' ? (['join', 'leave'] as const) : (['join'] as const);
  return (
    <>
      <div className={styles.buttons}>
        {moves.map((move) => (
          <button
            key={move}
            type="button"
            className="button"
            disabled={isDisabled}
            aria-describedby={isOnline ? undefined : offlineId}
            onClick={() => void send(move === 'join')}
          >
            {busy === move
              ? t('series.busy')
              : t(move === 'join' ? 'series.subscribe_all' : 'series.leave_all')}
          </button>
        ))}
      </div>
      {!isOnline && (
        <p id={offlineId} className={styles.hint}>
          {t('series.offline')}
        </p>
      )}
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      <div aria-live="polite" data-testid="series-answer">
        {answer && timeZone && (
          <section className={styles.section} aria-label={t('series.answer_title')}>
            <h3>{t('series.answer_title')}</h3>
            {answer.sessions.length === 0 ? (
              <p className={styles.hint}>{t('series.answer_none')}</p>
            ) : (
              <ul className={styles.outcomes}>
                {answer.sessions.map((session) => (
                  <li key={session.uuid_event}>
                    {sessionDayText(session.start_date, i18n.language, timeZone)}
                    {' — '}
                    <OutcomeText session={session} />
                  </li>
                ))}
              </ul>
            )}
          </section>
        )}
      </div>
    </>
  );
}
