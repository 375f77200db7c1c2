import type { HealthItem } from '@common/contract/member-file';
import type { MemberFile } from '@common/rules/member-file';
import { clubPreset } from '@common/rules/member-file-club-preset';
import type { AppDeps } from '../../app-deps';
import type { UserRow } from '../../db/schema';
import { clubToday } from '../family/acting-for.service';
import { memberFileSettings } from '../settings/member-file-settings';
import { toHealthItem } from './member-file.service';
import { tellPaper } from './paper-reminder-message';
import {
  claimPaperReminder,
  type FileHealthRow,
  type FileLicenceRow,
  healthItemsOfMembers,
  licencesOfMembers,
  licensedMembers,
} from './paper-reminders.repository';
import { dueReminders } from './paper-reminders-due';

type Deps = Pick<AppDeps, 'db' | 'now' | 'config'>;

/** A member's file as the shared rule reads it, from the rows read for the whole club. */
function fileOf(member: UserRow, licences: FileLicenceRow[], items: FileHealthRow[]): MemberFile {
  return {
    birth_date: member.birth_date,
    licences: licences
      .filter((l) => l.user_id === member.id)
      .map(({ season, number, federation, type, start_day, end_day }) => ({
        season,
        number,
        federation,
        type,
        start: start_day,
        end: end_day,
      })),
    health: items
      .filter((h) => h.user_id === member.id)
      .map((row): HealthItem => {
        const stored = toHealthItem({
          ...row,
          recorded_at: new Date(0),
          recorded_by: '',
          recorded_by_admin: false,
        });
        const { recorded_at: _at, recorded_by_admin: _byAdmin, ...item } = stored;
        return item;
      }),
  };
}

/**
 * Scheduled, club by club (docs/rules.md#members-file): the reminders before a paper of the member's file ends
 * (30, 14 and 7 days before; a run missed sends the latest threshold passed) and at the season start to a
 * member not renewed, each once: the paper_reminders row is taken in the transaction that queues it, keyed
 * by the paper's last day, so a newer paper leaves the old one's remaining reminders unsent. The scheduled jobs
 * leave it out of the quiet hours (docs/rules.md#reminders). Answers what was queued.
 */
export async function sendPaperReminders(deps: Deps): Promise<{ mail: number; push: number }> {
  const sent = { mail: 0, push: 0 };
  const today = clubToday(deps);
  const settings = await memberFileSettings(deps.db);
  const preset = clubPreset(settings);
  const members = await licensedMembers(deps.db);
  const ids = members.map((m) => m.id);
  const [licences, items] = await Promise.all([
    licencesOfMembers(deps.db, ids),
    healthItemsOfMembers(deps.db, ids),
  ]);
  for (const member of members) {
    for (const due of dueReminders(fileOf(member, licences, items), preset, settings, today)) {
      await deps.db.transaction().execute(async (trx) => {
        const row = { user_id: member.id, item: due.item, ends_on: due.ends_on, threshold: due.threshold };
        if (!(await claimPaperReminder(trx, { ...row, sent_at: deps.now() }))) return;
        const told = await tellPaper(deps, trx, member, due, today);
        sent.mail += told.mail;
        sent.push += told.push;
      });
    }
  }
  return sent;
}
