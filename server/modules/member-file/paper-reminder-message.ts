import type { PushMessage } from '@common/contract/push';
import { isMinorOn } from '@common/rules/family';
import type { Kysely } from 'kysely';
import type { AppDeps } from '../../app-deps';
import { currentClub } from '../../db/club-scope/current-club';
import type { Database, UserRow } from '../../db/schema';
import { catalogueText } from '../../i18n/catalogue';
import { memberFilePath } from '../../mail/app-links';
import { displayName } from '../../mail/display-name';
import { paperSentence } from '../../mail/paper-templates';
import type { TemplateData } from '../../mail/template-types';
import { unrestrictedGuardiansOf } from '../notifications/guardians-of.repository';
import { notify, reachableRecipients } from '../notifications/notify';
import { enqueuePush } from '../push/push-queue';
import { hasPushDevice } from './paper-reminders.repository';
import type { DueReminder } from './paper-reminders-due';

/** Where a paper reminder leads: « Mon dossier » in the profile. */
const PROFILE_PATH = memberFilePath;

/** A child is named by first name, as a guardian's copies name them (docs/rules.md#families). */
const firstName = (child: UserRow) => child.first_name?.trim() || displayName(child);

/**
 * The push of a paper reminder: the same one sentence as the mail (the kind of paper and its date), no other
 * health detail; one notification per paper, and per child in a guardian's copy.
 */
export function paperPush(recipient: UserRow, data: TemplateData['paper_reminder'], childId: string | null) {
  const language = recipient.language;
  const message: PushMessage = {
    title: data.child
      ? catalogueText(language, 'paper_reminder', 'push_title_child', { name: data.child })
      : catalogueText(language, 'paper_reminder', 'push_title'),
    body: paperSentence(language, data),
    url: PROFILE_PATH,
    tag: `paper-${data.item}${childId ? `-${childId}` : ''}`,
  };
  return message;
}

/**
 * Tells `member` of a due paper reminder, and each unrestricted guardian while the member is a minor
 * (docs/rules.md#members-file): by push to whoever has a device, by mail otherwise, as the event reminders
 * choose. A child without an address of their own is told through their guardians only. Answers what was
 * queued.
 */
export async function tellPaper(
  deps: Pick<AppDeps, 'config' | 'now'>,
  db: Kysely<Database>,
  member: UserRow,
  due: DueReminder,
  today: string,
): Promise<{ mail: number; push: number }> {
  const told = { mail: 0, push: 0 };
  const recipients: Array<{ to: UserRow; child: UserRow | null }> = [{ to: member, child: null }];
  if (isMinorOn(member.birth_date, today)) {
    for (const { guardian } of await unrestrictedGuardiansOf(db, [member.id]))
      recipients.push({ to: guardian, child: member });
  }
  for (const { to, child } of recipients) {
    if ((await reachableRecipients(db, 'paper_reminder', [to])).length === 0) continue;
    const data: TemplateData['paper_reminder'] = {
      item: due.item,
      endsOn: due.ends_on,
      season: due.season,
      child: child ? firstName(child) : null,
      link: new URL(PROFILE_PATH, currentClub().publicUrl).toString(),
    };
    if (await hasPushDevice(db, to.id))
      told.push += await enqueuePush(db, deps.now(), to.id, paperPush(to, data, child?.id ?? null), 'normal');
    else told.mail += await notify(deps, db, 'paper_reminder', [to], () => data);
  }
  return told;
}
