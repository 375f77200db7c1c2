/**
 * The only Dexie database: the client's cache of the API and the outbox of writes made offline.
 * Both the page and the service worker open it, so the page always sees what the worker did.
 *
 * Versioning: never edit a shipped version. Add `this.version(n + 1).stores(...)` with an upgrade when the
 * schema changes; tests/client/data/db-versions.test.ts opens a version-1 database with queued writes
 * and checks they survive every later version.
 */

import type { AttendanceEntry } from '@common/contract/attendance';
import type { Model, Stuff } from '@common/contract/catalog';
import type { Comment } from '@common/contract/comments';
import type { EventDto, SubscriberEntry } from '@common/contract/event';
import type { Family } from '@common/contract/family';
import type { Dossier } from '@common/contract/member-file';
import type { MemberFileAnswer } from '@common/contract/member-file-answers';
import type { NewsPost } from '@common/contract/news';
import type { DeclineEntry } from '@common/contract/participation';
import type { User } from '@common/contract/user';
import type { ClubMember } from '@common/contract/walk-in';
import { Dexie, type EntityTable } from 'dexie';
import type { QueuedWrite } from './offline-writes';

export const DB_NAME = 'equipee';

export interface SessionRow {
  key: 'current';
  token: string;
  user: User;
}

/** The club's settings every screen needs, kept for offline starts (`logo`: its URL, '' when none). */
export interface ClubSettingRow {
  key: 'timezone' | 'slogan' | 'logo' | 'club_name' | 'accent_colour';
  value: string;
}

interface OutboxBookkeeping {
  id?: number;
  /** The signed-in account that made the write (its session sends it). */
  userId: string;
  /** The child it was made for, when a guardian answered in their place (docs/rules.md#families). */
  member?: User;
  eventUuid: string;
  /** Made once at enqueue time and sent with every attempt, so the server runs the write once. */
  idempotencyKey: string;
  createdAt: number;
  attempts: number;
  status: 'pending' | 'failed';
  /** The refusal of a failed write, as the server said it (`{code, message}` JSON). */
  lastError: string | null;
  /** Backoff: not sent again before this time (ms since epoch). */
  nextAttemptAt: number;
}

/** An event's attendance record as last read online (who ticked each row), shown at the venue offline. */
export interface AttendanceRow {
  eventUuid: string;
  entries: AttendanceEntry[];
}

/** A club week (its Monday) whose events were read from the server at least once on this device. */
export interface ReadWeekRow {
  monday: string;
  readAt: number;
}

/** One of the member's own "not coming" answers, as the server last listed them. */
export interface MyDeclineRow {
  uuid_event: string;
  declined_at: string;
}

/** Who answered "not coming" to an event, as an organiser last read it: shown offline too. */
export interface EventDeclinesRow {
  uuid_event: string;
  entries: DeclineEntry[];
}

/** The signed-in member's family as last read (`GET /api/family`); one row, cleared at sign-out. */
export interface FamilyRow {
  key: 'current';
  userId: string;
  family: Family;
}

/**
 * The minors among an event's subscribers as the event's own read gives them to those who take attendance:
 * guardians' names and phones, transport and emergency-care consents. Kept apart from the event, which the
 * week read (that never carries them) replaces; cleared at sign-out.
 */
export interface VenueFactsRow {
  eventUuid: string;
  minors: Array<Pick<SubscriberEntry, 'id' | 'guardians' | 'consents'>>;
}

/**
 * The club's members as an organiser's device last read them (docs/rules.md#checklist), to add a walk-in with no
 * signal: one row, kept only while its reader takes attendance at an upcoming event, 7 days at most; cleared at
 * sign-out.
 */
export interface ClubMembersRow {
  key: 'current';
  userId: string;
  /** When it was read (ms since epoch). */
  readAt: number;
  members: ClubMember[];
}

/**
 * A member's file and its state today as last read by a reader allowed to (the member or their guardian,
 * docs/rules.md#members-file), shown offline with a note it may be stale; cleared at sign-out.
 */
export interface MemberFileRow {
  userId: string;
  /** When it was read (ms since epoch). */
  readAt: number;
  file: MemberFileAnswer;
  dossier: Dossier;
}

/** A queued write and its delivery state; `kind` decides the type of `body`. */
export type OutboxRow = OutboxBookkeeping & QueuedWrite;

export class EquipeeDb extends Dexie {
  session!: EntityTable<SessionRow, 'key'>;
  events!: EntityTable<EventDto, 'uuid_event'>;
  models!: EntityTable<Model, 'uuid'>;
  stuffs!: EntityTable<Stuff, 'uuid'>;
  clubSettings!: EntityTable<ClubSettingRow, 'key'>;
  outbox!: EntityTable<OutboxRow, 'id'>;
  attendance!: EntityTable<AttendanceRow, 'eventUuid'>;
  readWeeks!: EntityTable<ReadWeekRow, 'monday'>;
  myDeclines!: EntityTable<MyDeclineRow, 'uuid_event'>;
  news!: EntityTable<NewsPost, 'uuid'>;
  eventDeclines!: EntityTable<EventDeclinesRow, 'uuid_event'>;
  family!: EntityTable<FamilyRow, 'key'>;
  venueFacts!: EntityTable<VenueFactsRow, 'eventUuid'>;
  comments!: EntityTable<Comment, 'id'>;
  clubMembers!: EntityTable<ClubMembersRow, 'key'>;
  memberFiles!: EntityTable<MemberFileRow, 'userId'>;

  constructor(name = DB_NAME) {
    super(name);
    // The schema as it stands, declared once: Dexie upgrades a database of any earlier version by comparing
    // its tables and indexes with these, adding and dropping what differs. No version ever needed an upgrade
    // function, so the earlier ones are not declared (all eleven cost a phone some 20 ms at every start).
    // What each version brought: v1 the events, models, stuffs, session and outbox (and the member's own
    // lists, which no screen read: dropped by v2); v2 the club's settings; v3 attendance records; v4 which
    // weeks were read, so an empty cache reads "loading", not "no events this week"; v5 the member's own
    // "not coming" answers; v6 the club's news (public: kept across sign-outs); v7 who declines each event,
    // for the sheet at the venue; v8 the member's family and, for those who take attendance, each event's
    // minors with their guardians' phones; v9 each event's thread (docs/rules.md#talking-around-an-event);
    // v10 the club's members for a walk-in offline (docs/rules.md#checklist); v11 members' files as their
    // reader last read them (docs/rules.md#members-file).
    this.version(11).stores({
      session: 'key',
      events: 'uuid_event, start_date, end_date',
      models: 'uuid',
      stuffs: 'uuid',
      outbox: '++id, userId, status, createdAt',
      clubSettings: 'key',
      attendance: 'eventUuid',
      readWeeks: 'monday',
      myDeclines: 'uuid_event',
      news: 'uuid, created_at',
      eventDeclines: 'uuid_event',
      family: 'key',
      venueFacts: 'eventUuid',
      comments: 'id, uuid_event',
      clubMembers: 'key',
      memberFiles: 'userId',
    });
  }
}

let shared: EquipeeDb | undefined;

/** The app's database (tests make their own with `new EquipeeDb(name)`). */
export function appDb(): EquipeeDb {
  shared ??= new EquipeeDb();
  return shared;
}
