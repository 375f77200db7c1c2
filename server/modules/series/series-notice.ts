import type { Language } from '@common/contract/user';
import type { Kysely } from 'kysely';
import type { AppDeps } from '../../app-deps';
import { currentClub } from '../../db/club-scope/current-club';
import type { Database, EventRow, UserRow } from '../../db/schema';
import { catalogueText } from '../../i18n/catalogue';
import { describeEvent } from '../../mail/templates';
import { findModel } from '../catalog/models.repository';
import { findStuff } from '../catalog/stuff.repository';
import { whatChanged } from '../events/event-notifications';
import {
  guestEmailsOf,
  stuffHoldersOf,
  subscribersOf,
  waitingUsersOf,
} from '../events/event-recipients.repository';
import type { EventChange, Promotion } from '../events/events.service';
import { notify, type Recipient } from '../notifications/notify';
import { notifyPush } from '../notifications/notify-push';

type Db = Kysely<Database>;

/** One line of a message: a session, and what is said about it (the stuff removed, or given, there). */
interface Line {
  session: EventRow;
  stuff?: string;
  /** A stuff removed: the guests of the member's who held it, when some did (and whether they did too). */
  guests?: string[];
  holdsItself?: boolean;
  /** A promotion: the wished items no longer there, own equipment for them (docs/rules.md#kit). */
  missing?: string;
}

const keyOf = (recipient: Recipient) =>
  'id' in recipient ? `user:${recipient.id}` : `email:${recipient.email.toLowerCase()}`;

/** Who hears of what, one entry per person however many sessions concern them. */
class Tally<R extends Recipient> {
  private readonly entries = new Map<string, { recipient: R; lines: Line[] }>();

  add(recipient: R, line: Line): void {
    const entry = this.entries.get(keyOf(recipient));
    if (entry) entry.lines.push(line);
    else this.entries.set(keyOf(recipient), { recipient, lines: [line] });
  }

  get recipients(): R[] {
    return [...this.entries.values()].map((e) => e.recipient);
  }

  linesOf(recipient: R): Line[] {
    return this.entries.get(keyOf(recipient))?.lines ?? [];
  }
}

/** A removed stuff's line says whose it was when guests held it: theirs, or the member's and theirs. */
const lineKey = (stuffLine: string, line: Line) =>
  (line.guests ?? []).length === 0 ? stuffLine : line.holdsItself ? 'stuff_line_both' : 'stuff_line_guests';

/**
 * What "this session and the following" tells whom, gathered session by session while the sessions are
 * updated, then sent once: each member gets one message per kind listing their sessions (the recipients
 * and the switches are those of a single event's notice, event-notifications.ts), and at most one push.
 * `collect` runs where the single notice would (before a removed stuff is released: holders are found by
 * the stuff they still hold).
 */
export class SeriesNotice {
  private readonly cancelled = new Tally<Recipient>();
  private readonly cancelledPush = new Tally<UserRow>();
  private readonly updated = new Tally<UserRow>();
  private readonly updatedPush = new Tally<UserRow>();
  private readonly stuffRemoved = new Tally<UserRow>();
  /** Members the fill step moved from a waiting list into sessions (places grew): told once, always. */
  private readonly promotedTo = new Tally<UserRow>();
  private readonly modelNames = new Map<string, string>();

  constructor(
    private readonly deps: AppDeps,
    private readonly db: Db,
    /** The organiser's word with a cancellation, told in its mail and push. */
    private readonly cancelMessage?: string,
  ) {}

  async collect({ before, after, removedStuffs, hasEquipmentChanged }: EventChange): Promise<void> {
    const db = this.db;
    const line = { session: after };
    await this.knowModel(after.model_uuid);
    for (const stuffUuid of removedStuffs) {
      const stuff = (await findStuff(db, stuffUuid))?.name ?? '';
      for (const { member, holdsItself, guests } of await stuffHoldersOf(db, after.uuid, stuffUuid))
        this.stuffRemoved.add(member, { session: after, stuff, holdsItself, guests });
    }
    if (!before.is_cancelled && after.is_cancelled) {
      const subscribers = await subscribersOf(db, after.uuid);
      for (const member of [...subscribers, ...(await waitingUsersOf(db, after.uuid))])
        this.cancelled.add(member, line);
      for (const email of await guestEmailsOf(db, after.uuid))
        this.cancelled.add({ email, language: 'fr' }, line);
      for (const member of subscribers) this.cancelledPush.add(member, line);
      return;
    }
    const { hasDateOrPlaceChanged, hasRealChange } = whatChanged(before, after, hasEquipmentChanged);
    if (!hasRealChange || after.is_cancelled) return;
    for (const member of await subscribersOf(db, after.uuid)) {
      this.updated.add(member, line);
      if (hasDateOrPlaceChanged) this.updatedPush.add(member, line);
    }
  }

  async promoted({ member, event, kit, missing }: Promotion): Promise<void> {
    await this.knowModel(event.model_uuid);
    this.promotedTo.add(member, {
      session: event,
      ...(kit.length > 0 ? { stuff: kit.join(', ') } : {}),
      ...(missing.length > 0 ? { missing: missing.join(', ') } : {}),
    });
  }

  private async knowModel(modelUuid: string): Promise<void> {
    if (!this.modelNames.has(modelUuid))
      this.modelNames.set(modelUuid, (await findModel(this.db, modelUuid))?.name ?? '');
  }

  /** Queues the messages and pushes, in the caller's transaction. */
  async send(): Promise<void> {
    const { deps, db } = this;
    const sessionName = (session: EventRow, language: Language) =>
      describeEvent(
        session.title || (this.modelNames.get(session.model_uuid) ?? ''),
        session.start_date,
        language,
        currentClub().timezone,
      );
    const seriesName = (lines: Line[]) => {
      const first = lines[0]?.session;
      return first ? first.title || (this.modelNames.get(first.model_uuid) ?? '') : '';
    };
    const message =
      <R extends Recipient>(tally: Tally<R>, stuffLine = 'stuff_line') =>
      (r: R) => {
        const lines = tally.linesOf(r);
        return {
          event: seriesName(lines),
          sessions: lines.map(
            (l) =>
              (l.stuff === undefined
                ? sessionName(l.session, r.language)
                : catalogueText(r.language, 'series_mail', lineKey(stuffLine, l), {
                    session: sessionName(l.session, r.language),
                    stuff: l.stuff,
                    guests: new Intl.ListFormat(r.language, { type: 'conjunction' }).format(l.guests ?? []),
                  })) +
              (l.missing === undefined
                ? ''
                : catalogueText(r.language, 'series_mail', 'promotion_missing', { missing: l.missing })),
          ),
        };
      };
    // Each mail links the first session it names; the others are a swipe away there.
    const firstSession =
      <R extends Recipient>(tally: Tally<R>) =>
      (r: R) =>
        tally.linesOf(r)[0]?.session;
    await notify(
      deps,
      db,
      'series_stuff_unavailable',
      this.stuffRemoved.recipients,
      message(this.stuffRemoved),
      { event: firstSession(this.stuffRemoved) },
    );
    await notify(
      deps,
      db,
      'series_cancellation',
      this.cancelled.recipients,
      (r) => ({ ...message(this.cancelled)(r), message: this.cancelMessage }),
      { event: firstSession(this.cancelled) },
    );
    await notify(deps, db, 'series_update', this.updated.recipients, message(this.updated), {
      event: firstSession(this.updated),
    });
    // "Rendre ma place" names one place: a member moved into several sessions gives them back in the app.
    await notify(
      deps,
      db,
      'series_promotion',
      this.promotedTo.recipients,
      message(this.promotedTo, 'promotion_stuff_line'),
      {
        event: firstSession(this.promotedTo),
        answers: (r) => (this.promotedTo.linesOf(r).length === 1 ? ['give_back'] : []),
      },
    );
    for (const [kind, tally] of [
      ['event_cancellation', this.cancelledPush],
      ['event_update', this.updatedPush],
      ['waiting_list_promotion', this.promotedTo],
    ] as const) {
      for (const member of tally.recipients) {
        const lines = tally.linesOf(member);
        const first = (lines[0] as Line).session;
        // One push naming the first session and how many more: a later one would replace it anyway.
        const name = (language: Language) =>
          lines.length === 1
            ? sessionName(first, language)
            : catalogueText(language, 'series_mail', 'push_more', {
                event: sessionName(first, language),
                count: String(lines.length - 1),
              });
        const detail = kind === 'event_cancellation' ? this.cancelMessage : undefined;
        await notifyPush(deps, db, kind, [member], first, name, detail);
      }
    }
  }
}
