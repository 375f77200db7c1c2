import type { AppDeps } from '../../app-deps';
import { currentClub, linkDomain } from '../../db/club-scope/current-club';
import { describeEvent } from '../../mail/templates';
import { eventName } from '../events/event-name';
import { bookedKitNames } from '../kit/kit-names.repository';
import { notify, reachableRecipients } from '../notifications/notify';
import { notifyPush } from '../notifications/notify-push';
import { readLinkSecret } from '../notifications/unsubscribe-links';
import { reminderHours } from '../settings/club-settings';
import { reminderExtension, reminderPlace } from './reminder-push';
import { isQuietTime, lookAheadMs, reminderDueAt } from './reminder-time';
import {
  claimReminder,
  eventsStartingBetween,
  hasPushDevice,
  subscribersToRemind,
} from './reminders.repository';

type Deps = Pick<AppDeps, 'db' | 'now' | 'config'>;

/**
 * Sends the reminders whose moment has come (docs/rules.md#reminders), run every few minutes and at
 * start, so one missed while the server was down goes out when it is back, if the event is still ahead.
 * Each member holding a place gets one per event, by push when they have a device, by mail otherwise, as
 * their switch and the club's allow. The event_reminders row is taken in the transaction that queues the
 * reminder: two processes, or a run after a restart, send it once. Nothing goes out in the quiet hours or
 * for a cancelled event; someone who left is no longer a subscriber. Answers what was queued.
 */
export async function sendDueReminders(deps: Deps): Promise<{ mail: number; push: number }> {
  const sent = { mail: 0, push: 0 };
  const now = deps.now();
  const zone = currentClub().timezone;
  const hours = await reminderHours(deps.db);
  if (hours === 0 || isQuietTime(now, zone)) return sent;
  const events = await eventsStartingBetween(deps.db, now, new Date(now.getTime() + lookAheadMs(hours)));
  for (const event of events) {
    const dueAt = reminderDueAt(event.start_date, hours, zone);
    if (now.getTime() < dueAt.getTime()) continue;
    await deps.db.transaction().execute(async (trx) => {
      const members = await reachableRecipients(
        trx,
        'event_reminder',
        await subscribersToRemind(trx, event.uuid, dueAt),
      );
      if (members.length === 0) return;
      const modelName = await eventName(trx, event);
      // Each member's own kit; a guardian's copy is the child's message, so it lists the child's.
      const kits = await bookedKitNames(
        trx,
        event.uuid,
        members.map((m) => m.id),
      );
      const place = reminderPlace(event);
      const name = (language: 'fr' | 'en') => describeEvent(modelName, event.start_date, language, zone);
      for (const member of members) {
        const channel = (await hasPushDevice(trx, member.id)) ? 'push' : 'mail';
        if (
          !(await claimReminder(trx, { user_id: member.id, event_uuid: event.uuid, sent_at: now, channel }))
        )
          continue;
        if (channel === 'push')
          sent.push += await notifyPush(
            deps,
            trx,
            'event_reminder',
            [member],
            event,
            name,
            undefined,
            reminderExtension({ ...linkDomain(), secret: await readLinkSecret(trx), event }, place, kits),
          );
        else
          sent.mail += await notify(
            deps,
            trx,
            'event_reminder',
            [member],
            // The address and its map link, the organiser's notes, the kit, and both answers (docs/rules.md#reminders).
            (r) => ({ event: name(r.language), kit: kits.get(r.id), details: place }),
            { event, answers: () => ['come', 'decline'] },
          );
      }
    });
  }
  return sent;
}
