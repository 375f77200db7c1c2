import type { AppDeps } from '../../app-deps';
import { currentClub } from '../../db/club-scope/current-club';
import { describeEvent } from '../../mail/templates';
import { eventName } from '../events/event-name';
import { notify, reachableRecipients } from '../notifications/notify';
import { reminderHours } from '../settings/club-settings';
import { claimNudge, membersToNudge, seriesSessionsStartingBetween } from './nudges.repository';
import { isQuietTime, lookAheadMs, reminderDueAt } from './reminder-time';

/** How long before a series session the members who follow the series but have not answered are nudged. */
export const NUDGE_HOURS = 48;

type Deps = Pick<AppDeps, 'db' | 'now' | 'config'>;

/**
 * Nudges (docs/rules.md#reminders): 48 h before each session of a series, a mail with "Je viens" and "Je ne viens
 * pas" to each member who follows the series (a place or a waiting spot in another session) and has not
 * answered this one. It is a reminder: the member's reminder switch gates it, the club's reminder delay at
 * 0 stops it, the same quiet hours apply, and it goes once per member and session (series_nudges row in the
 * queueing transaction), across processes and restarts, run with the reminders. Answers how many were queued.
 */
export async function sendDueNudges(deps: Deps): Promise<number> {
  const now = deps.now();
  const zone = currentClub().timezone;
  if ((await reminderHours(deps.db)) === 0 || isQuietTime(now, zone)) return 0;
  const sessions = await seriesSessionsStartingBetween(
    deps.db,
    now,
    new Date(now.getTime() + lookAheadMs(NUDGE_HOURS)),
  );
  let queued = 0;
  for (const session of sessions) {
    if (now.getTime() < reminderDueAt(session.start_date, NUDGE_HOURS, zone).getTime()) continue;
    await deps.db.transaction().execute(async (trx) => {
      const members = await reachableRecipients(trx, 'series_nudge', await membersToNudge(trx, session));
      if (members.length === 0) return;
      const modelName = await eventName(trx, session);
      for (const member of members) {
        if (!(await claimNudge(trx, member.id, session.uuid, now))) continue;
        queued += await notify(
          deps,
          trx,
          'series_nudge',
          [member],
          (r) => ({ event: describeEvent(modelName, session.start_date, r.language, zone) }),
          { event: session, answers: () => ['come', 'decline'] },
        );
      }
    });
  }
  return queued;
}
