import type { Kysely } from 'kysely';
import type { Config } from '../config';
import type { Database } from '../db/schema';
import { sendWeeklyList, type WeeklyListResult } from '../jobs/weekly-list';
import { sendDueMail } from '../mail/mail-queue';
import { createMailTransport } from '../mail/transport';

/** What the command prints for each outcome. */
export function describeResult(result: WeeklyListResult): string {
  if (result.status === 'switched_off')
    return `The weekly event list is switched off in the system email settings: nothing queued (week of ${result.week}).`;
  if (result.status === 'already_sent')
    return `The weekly event list for the week of ${result.week} was already sent: nothing queued.`;
  return `Weekly event list for the week of ${result.week}: ${result.queued} message(s) queued.`;
}

/**
 * `npm run send-weekly-list`: the week's list by hand, under the same once-a-week rule as the schedule.
 * It then delivers what is due itself, since with PGlite no server runs beside it; messages the mail
 * server refuses stay queued and the server's mail worker retries them.
 */
export async function sendWeeklyListCommand(db: Kysely<Database>, config: Config): Promise<string[]> {
  const now = () => new Date();
  const result = await sendWeeklyList({ db, now, config });
  const lines = [describeResult(result)];
  if (result.queued === 0) return lines;
  const transport = createMailTransport(config);
  const total = { sent: 0, failed: 0 };
  try {
    for (;;) {
      const round = await sendDueMail({ db, now, transport });
      total.sent += round.sent;
      total.failed += round.failed;
      if (round.sent + round.failed === 0) break;
    }
  } finally {
    transport.close();
  }
  lines.push(
    `Delivered now: ${total.sent}${total.failed > 0 ? `; ${total.failed} left in the queue for a retry by the server` : ''}.`,
  );
  return lines;
}
