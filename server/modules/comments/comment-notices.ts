import type { Language } from '@common/contract/user';
import type { AttendanceTeam } from '@common/rules/attendance';
import { seesEveryName } from '@common/rules/attendees';
import type { Kysely } from 'kysely';
import type { AppDeps } from '../../app-deps';
import { currentClub } from '../../db/club-scope/current-club';
import type { Database, EventRow, UserRow } from '../../db/schema';
import { catalogueText } from '../../i18n/catalogue';
import { eventPath } from '../../mail/app-links';
import { displayName } from '../../mail/display-name';
import { describeEvent, describeInstant } from '../../mail/templates';
import { coOrganiserIds } from '../events/co-organisers.repository';
import { eventName } from '../events/event-name';
import { findEvent } from '../events/events.repository';
import { guardianCopies, notify, reachableRecipients } from '../notifications/notify';
import { shortened } from '../notifications/notify-push';
import { enqueuePush } from '../push/push-queue';
import { findUserById } from '../users/users.repository';
import {
  lockDueCommentNotices,
  markCommentNoticeTold,
  noteUntoldComment,
} from './comment-notices.repository';
import { threadForViewer } from './comment-view';
import { threadAudience, threadRowsBetween } from './comments.repository';

type Db = Kysely<Database>;
type Deps = Pick<AppDeps, 'config' | 'now'>;

/** A first comment's mail waits this long, so a quick exchange goes out as one mail. */
export const COMMENT_MAIL_GRACE_MS = 10 * 60_000;

export interface NewComment {
  event: EventRow;
  team: AttendanceTeam;
  author: UserRow;
  child: UserRow | null;
  text: string;
  createdAt: Date;
}

/** « Gwen », « Gwen, pour Lou », or « Un membre » to a reader who may not see a hidden author. */
function writtenBy(
  comment: NewComment,
  reader: Pick<UserRow, 'id' | 'role_name'>,
  language: Language,
): string {
  const seesNames = seesEveryName(reader, comment.team);
  const name = (member: UserRow) =>
    member.hidden_from_members && !seesNames
      ? catalogueText(language, 'push', 'comment_hidden_member')
      : displayName(member);
  const author = name(comment.author);
  return comment.child
    ? catalogueText(language, 'push', 'comment_for_child', { author, child: name(comment.child) })
    : author;
}

/**
 * Who is told of a new comment (docs/rules.md#talking-around-an-event), inside its transaction: those subscribed
 * or waiting, the organisers and those who already wrote, but the author. A push at once to each one the
 * `event_comments` switch lets through, and to the guardians of a minor among them (never to the author); and a
 * mail notice each, sent at most once an hour per member and event by sendDueCommentMails.
 */
export async function tellNewComment(deps: Deps, db: Db, comment: NewComment): Promise<number> {
  const audience = await threadAudience(db, comment.event.uuid, comment.author.id);
  if (audience.length === 0) return 0;
  const name = await eventName(db, comment.event);
  const now = deps.now();
  const message = (reader: UserRow, about?: string) => {
    const body = catalogueText(reader.language, 'push', 'comment_body', {
      who: writtenBy(comment, reader, reader.language),
      text: shortened(comment.text),
    });
    return {
      title: catalogueText(reader.language, 'push', 'comment_title', { event: name }),
      body: about ? `${about}\n${body}` : body,
      url: `${eventPath(comment.event.uuid)}#comments`,
      // One notification per thread: the newest comment replaces the previous one on the device.
      tag: `comments-${comment.event.uuid}`,
    };
  };
  let queued = 0;
  // One push per account: a guardian told on their own account (they wrote, or are coming) is not told again
  // for their child.
  const told = new Set<string>([comment.author.id]);
  for (const member of await reachableRecipients(db, 'event_comments', audience)) {
    told.add(member.id);
    queued += await enqueuePush(db, now, member.id, message(member), 'normal');
  }
  for (const { guardian, children } of await guardianCopies(deps, db, 'event_comments', audience)) {
    if (told.has(guardian.id)) continue;
    told.add(guardian.id);
    const about = catalogueText(guardian.language, 'push', 'about_children', {
      names: children.map(displayName).join(', '),
    });
    queued += await enqueuePush(db, now, guardian.id, message(guardian, about), 'normal');
  }
  await noteUntoldComment(
    db,
    audience.map((member) => member.id),
    comment.event.uuid,
    comment.createdAt,
    new Date(now.getTime() + COMMENT_MAIL_GRACE_MS),
  );
  return queued;
}

/**
 * Writes the due comment mails to the mail queue (run before each round of the mail worker): one per member and
 * event, gathering every comment written since the last one, by others, as that member may see them. Answers how
 * many were queued. One transaction: a notice is marked told with its mail queued, or neither.
 */
export async function sendDueCommentMails(deps: Deps & Pick<AppDeps, 'db'>, limit = 100): Promise<number> {
  return deps.db.transaction().execute(async (trx) => {
    const now = deps.now();
    let queued = 0;
    for (const notice of await lockDueCommentNotices(trx, now, limit)) {
      const [event, member] = await Promise.all([
        findEvent(trx, notice.event_uuid),
        findUserById(trx, notice.user_id),
      ]);
      if (event && member && notice.untold_since && !member.deleted_at) {
        queued += await mailComments(deps, trx, event, member, notice.untold_since, now);
      }
      await markCommentNoticeTold(trx, notice, now);
    }
    return queued;
  });
}

async function mailComments(
  deps: Deps,
  db: Db,
  event: EventRow,
  member: UserRow,
  since: Date,
  now: Date,
): Promise<number> {
  const rows = await threadRowsBetween(db, event.uuid, since, now, member.id);
  if (rows.length === 0) return 0;
  const team = { creatorId: event.creator_id, coOrganiserIds: await coOrganiserIds(db, event.uuid) };
  const name = await eventName(db, event);
  const timeZone = currentClub().timezone;
  return notify(
    deps,
    db,
    'event_comments',
    [member],
    (reader) => ({
      event: describeEvent(name, event.start_date, reader.language, timeZone),
      comments: threadForViewer(rows, { ...member, ownChildIds: [], hiddenChildIds: [] }, team).map((c) => ({
        author: c.is_deleted
          ? catalogueText(reader.language, 'push', 'comment_deleted_member')
          : c.is_hidden
            ? catalogueText(reader.language, 'push', 'comment_hidden_member')
            : [c.author.first_name, c.author.last_name].filter(Boolean).join(' '),
        forChild: c.acting_for
          ? [c.acting_for.first_name, c.acting_for.last_name].filter(Boolean).join(' ') ||
            catalogueText(reader.language, 'push', 'comment_hidden_member')
          : null,
        when: describeInstant(new Date(c.created_at), reader.language, timeZone),
        text: c.text,
      })),
    }),
    { event, opensThread: true },
  );
}
