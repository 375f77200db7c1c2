/**
 * The only Dexie database: the client's cache of the API and the outbox of writes made offline.
 * Both the page and the service worker open it, so the page always sees what the worker did.
 *
 * Versioning: never edit a shipped version. Add `this.version(n + 1).stores(...)` with an upgrade when the
 * schema changes; tests/client/data/db-versions.test.ts opens a version-1 database with queued writes
 * and checks they survive every later version.
 */
import { Dexie, type EntityTable } from 'dexie';
import type { Model, Stuff } from '../common/contract/catalog';
import type { EventDto, SubscriberEntry } from '../common/contract/event';
import type { Guest } from '../common/contract/participation';
import type { User } from '../common/contract/user';

export const DB_NAME = 'equipee';

export interface SessionRow {
  key: 'current';
  token: string;
  user: User;
}

export type OutboxKind = 'check' | 'subscribe' | 'unsubscribe' | 'waiting-list';

export interface OutboxRow {
  id?: number;
  userId: string;
  kind: OutboxKind;
  eventUuid: string;
  method: 'PUT' | 'POST';
  path: string;
  body: unknown;
  /** Made once at enqueue time and sent with every attempt, so the server runs the write once. */
  idempotencyKey: string;
  createdAt: number;
  attempts: number;
  status: 'pending' | 'failed';
  lastError: string | null;
  /** Backoff: not sent again before this time (ms since epoch). */
  nextAttemptAt: number;
}

export interface WaitingRow {
  uuid_event: string;
  uuid_user: string;
  username: string;
  created_at: string;
  uuid_stuff: string | null;
}

export class EquipeeDb extends Dexie {
  session!: EntityTable<SessionRow, 'key'>;
  events!: EntityTable<EventDto, 'uuid_event'>;
  models!: EntityTable<Model, 'uuid'>;
  stuffs!: EntityTable<Stuff, 'uuid'>;
  subscriptions!: EntityTable<SubscriberEntry, 'uuid'>;
  waitingList!: EntityTable<WaitingRow, 'uuid_event'>;
  invites!: EntityTable<Guest, 'id'>;
  outbox!: EntityTable<OutboxRow, 'id'>;

  constructor(name = DB_NAME) {
    super(name);
    this.version(1).stores({
      session: 'key',
      events: 'uuid_event, start_date, end_date',
      models: 'uuid',
      stuffs: 'uuid',
      subscriptions: 'uuid, uuid_event',
      waitingList: 'uuid_event',
      invites: 'id, uuid_event',
      outbox: '++id, userId, status, createdAt',
    });
  }
}

let shared: EquipeeDb | undefined;

/** The app's database (tests make their own with `new EquipeeDb(name)`). */
export function appDb(): EquipeeDb {
  shared ??= new EquipeeDb();
  return shared;
}
