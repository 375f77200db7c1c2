import type { DossierReason } from '@common/contract/member-file';
import type { PushMessage } from '@common/contract/push';
import type { Language } from '@common/contract/user';
import type { Kysely } from 'kysely';
import type { AppDeps } from '../../app-deps';
import { currentClub } from '../../db/club-scope/current-club';
import type { Database, EventRow, UserRow } from '../../db/schema';
import { catalogueText } from '../../i18n/catalogue';
import { memberFilePath } from '../../mail/app-links';
import { describeEvent } from '../../mail/templates';
import { dossiersOfMembers, eventFileRule, isComplete } from '../member-file/event-dossier.service';
import { notify, reachableRecipients } from '../notifications/notify';
import { enqueuePush } from '../push/push-queue';
import { markDossierTold } from './fill-step.repository';

type Db = Kysely<Database>;

/** Where « Mon dossier » is: the profile screen's file tab. */
export const DOSSIER_PATH = memberFilePath;

/**
 * The waiting members whose file the event's model blocks on its first club day (docs/rules.md#members-file),
 * with what their file lacks, read in one batch; none under `warn` or when the model asks nothing.
 */
export async function blockedWaiting(
  db: Db,
  eventUuid: string,
  memberIds: readonly string[],
): Promise<Map<string, DossierReason[]>> {
  const blocked = new Map<string, DossierReason[]>();
  if (memberIds.length === 0) return blocked;
  const rule = await eventFileRule(db, eventUuid);
  if (!rule?.requirements || rule.enforcement !== 'block') return blocked;
  const dossiers = await dossiersOfMembers(db, memberIds, rule.requirements, rule.day);
  for (const [id, dossier] of dossiers) if (!isComplete(dossier)) blocked.set(id, dossier.reasons);
  return blocked;
}

/** The reasons in words, one a line, as « Mon dossier » says them (the member reads their own file). */
export const reasonLines = (language: Language, reasons: readonly DossierReason[]): string[] =>
  reasons.map((reason) => catalogueText(language, 'memberFile', `reason.${reason}`));

/**
 * The push of a member passed over: the event and the reasons in words, a line each (at most the seven reasons, a
 * few short lines); it opens the profile, where « Mon dossier » is, and replaces the event's earlier push.
 */
function skipPush(language: Language, event: EventRow, name: string, reasons: DossierReason[]): PushMessage {
  return {
    title: catalogueText(language, 'dossier_skip', 'push_title'),
    body: [
      catalogueText(language, 'dossier_skip', 'push_body', { event: name }),
      ...reasonLines(language, reasons),
    ].join('\n'),
    url: DOSSIER_PATH,
    tag: `event-${event.uuid}`,
  };
}

/**
 * Tells each member passed over for their file that a place freed and why they stay on the waiting list
 * (docs/rules.md#members-file): a mail and a push, as a promotion is told, whatever their preferences; once per
 * waiting entry (its `dossier_told_at`), not at every fill. The reasons only, never another health detail.
 */
export async function tellPassedOver(
  deps: Pick<AppDeps, 'config' | 'now'>,
  db: Db,
  event: EventRow,
  modelName: string,
  passedOver: ReadonlyArray<UserRow & { seq: string; dossier_told_at: Date | null }>,
  blocked: ReadonlyMap<string, DossierReason[]>,
): Promise<void> {
  const untold = passedOver.filter((member) => member.dossier_told_at === null);
  if (untold.length === 0) return;
  const eventName = (language: Language) =>
    describeEvent(modelName, event.start_date, language, currentClub().timezone);
  const link = new URL(DOSSIER_PATH, currentClub().publicUrl).toString();
  for (const member of untold) {
    const reasons = blocked.get(member.id) ?? [];
    await notify(
      deps,
      db,
      'waiting_list_dossier_skip',
      [member],
      (r) => ({
        event: eventName(r.language),
        reasons: reasonLines(r.language, reasons),
        link,
      }),
      { event },
    );
    for (const to of await reachableRecipients(db, 'waiting_list_dossier_skip', [member]))
      await enqueuePush(
        db,
        deps.now(),
        to.id,
        skipPush(to.language, event, eventName(to.language), reasons),
        'normal',
      );
  }
  await markDossierTold(
    db,
    untold.map((member) => member.seq),
    deps.now(),
  );
}
