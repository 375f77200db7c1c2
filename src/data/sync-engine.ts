/**
 * Keeps the Dexie cache fresh from /api and delivers the outbox. Screens never wait for it: they read
 * Dexie (hooks.ts) and repaint when this writes. Freshness: a week is fetched again when older than five
 * minutes, on focus, on `online`, after each drain that delivered something, and when another tab signs in.
 * Drains run on start, on `online`, when the page becomes visible, and a second after each queued write.
 */
import { z } from 'zod';
import { modelSchema, stuffSchema } from '../common/contract/catalog';
import { eventSchema, subscriberEntrySchema, waitingEntrySchema } from '../common/contract/event';
import { guestSchema } from '../common/contract/participation';
import { CLUB_TIMEZONE } from '../common/rules/club';
import { clubDayOf, shiftDay, weekStart } from '../common/rules/club-time';
import { apiRequest } from './api-client';
import type { EquipeeDb } from './db';
import { drainOutbox, httpTransport, withDrainLock } from './outbox-drain';
import { withPendingWrites } from './pending-overlay';

export const STALE_AFTER_MS = 5 * 60_000;
const DRAIN_DELAY_MS = 1_000;

export interface SyncEngine {
  /** Fetches the week (Monday `yyyy-mm-dd`) ±1 week if stale, or always with `force`. */
  refreshWeek(monday: string, force?: boolean): Promise<void>;
  refreshCatalog(force?: boolean): Promise<void>;
  /** Fetches one event (a checklist outside the cached weeks), keeping pending writes laid over it. */
  refreshEvent(uuid: string): Promise<void>;
  /** Asks for a drain soon (writes are grouped for a second). */
  drainSoon(delayMs?: number): void;
  drainNow(): Promise<void>;
  stop(): void;
}

export interface SyncEngineOptions {
  db: EquipeeDb;
  /** Told when a drain meets a 401: local work is kept; the user must sign in again. */
  onUnauthorised(): void;
}

export function currentWeek(now = new Date()): string {
  return weekStart(clubDayOf(now, CLUB_TIMEZONE));
}

export async function retryPendingNow(db: EquipeeDb): Promise<void> {
  await db.outbox.where('status').equals('pending').modify({ nextAttemptAt: 0 });
}

/** One event from the server into the cache, with the user's pending writes laid over it. */
export async function fetchEventInto(db: EquipeeDb, uuid: string): Promise<void> {
  const event = await apiRequest('GET', `/api/event/${uuid}`, { schema: eventSchema });
  const session = await db.session.get('current');
  const pending = await db.outbox.where('status').equals('pending').sortBy('id');
  await db.events.put(session ? withPendingWrites(event, pending, session.user) : event);
}

export function startSyncEngine({ db, onUnauthorised }: SyncEngineOptions): SyncEngine {
  const fetchedAt = new Map<string, number>();
  let visibleWeek = currentWeek();
  let drainTimer: ReturnType<typeof setTimeout> | undefined;

  const isFresh = (key: string) => Date.now() - (fetchedAt.get(key) ?? 0) < STALE_AFTER_MS;

  async function refreshWeek(monday: string, force = false) {
    visibleWeek = monday;
    const key = `week:${monday}`;
    if (!force && isFresh(key)) return;
    const from = shiftDay(monday, -7);
    const to = shiftDay(monday, 13);
    const events = await apiRequest('GET', `/api/event/from/${from}/to/${to}`, { schema: z.array(eventSchema) });
    const session = await db.session.get('current');
    const pending = await db.outbox.where('status').equals('pending').sortBy('id');
    await db.transaction('rw', db.events, async () => {
      const rangeStart = new Date(`${from}T00:00:00Z`).getTime() - 86_400_000;
      const rangeEnd = new Date(`${to}T00:00:00Z`).getTime() + 2 * 86_400_000;
      // Events the server no longer lists in the range were deleted: drop them from the cache.
      const kept = new Set(events.map((e) => e.uuid_event));
      const cached = await db.events.toArray();
      const gone = cached.filter((e) => {
        const start = Date.parse(e.start_date);
        return start >= rangeStart && start < rangeEnd && !kept.has(e.uuid_event);
      });
      await db.events.bulkDelete(gone.map((e) => e.uuid_event));
      await db.events.bulkPut(session ? events.map((e) => withPendingWrites(e, pending, session.user)) : events);
    });
    fetchedAt.set(key, Date.now());
  }

  async function refreshCatalog(force = false) {
    if (!force && isFresh('catalog')) return;
    const [models, stuffs] = await Promise.all([
      apiRequest('GET', '/api/event/model', { schema: z.array(modelSchema) }),
      apiRequest('GET', '/api/stuff', { schema: z.array(stuffSchema) }),
    ]);
    await db.transaction('rw', db.models, db.stuffs, async () => {
      await db.models.clear();
      await db.models.bulkPut(models);
      await db.stuffs.clear();
      await db.stuffs.bulkPut(stuffs);
    });
    fetchedAt.set('catalog', Date.now());
  }

  /** The member's own lists: subscriptions, waiting list, and their guests with contact details. */
  async function refreshMyLists(force = false) {
    const session = await db.session.get('current');
    if (!session || (!force && isFresh('mine'))) return;
    const id = session.user.id;
    const [subscriptions, waiting] = await Promise.all([
      apiRequest('GET', `/api/event/my-subscriptions/${id}`, { schema: z.array(subscriberEntrySchema) }),
      apiRequest('GET', `/api/event/my-waiting-list/${id}`, { schema: z.array(waitingEntrySchema) }),
    ]);
    const hostedEvents = (await db.events.toArray()).filter((e) => e.invite_list.some((g) => g.uuid_user === id));
    const guests = (
      await Promise.all(
        hostedEvents.map((e) => apiRequest('GET', `/api/event/my-invite-list/${e.uuid_event}/${id}`, { schema: z.array(guestSchema) })),
      )
    ).flat();
    await db.transaction('rw', db.subscriptions, db.waitingList, db.invites, async () => {
      await Promise.all([db.subscriptions.clear(), db.waitingList.clear(), db.invites.clear()]);
      await db.subscriptions.bulkPut(subscriptions);
      await db.waitingList.bulkPut(waiting.map((w) => ({ ...w })));
      await db.invites.bulkPut(guests);
    });
    fetchedAt.set('mine', Date.now());
  }

  async function drainNow() {
    const outcome = await withDrainLock(() => drainOutbox(db, httpTransport));
    if (outcome?.stoppedBy === 'unauthorised') onUnauthorised();
    if (outcome && outcome.sent + outcome.failed > 0) {
      await refreshWeek(visibleWeek, true)
        .then(() => refreshMyLists(true))
        .catch(() => undefined);
    }
    if (outcome?.stoppedBy === 'network' || outcome?.stoppedBy === 'retry-later') {
      const next = await db.outbox.where('status').equals('pending').first();
      if (next) drainSoon(Math.max(DRAIN_DELAY_MS, next.nextAttemptAt - Date.now()));
    }
  }

  function drainSoon(delayMs = DRAIN_DELAY_MS) {
    clearTimeout(drainTimer);
    drainTimer = setTimeout(() => void drainNow().catch(() => undefined), delayMs);
  }

  const refreshAll = (force: boolean) => {
    void refreshWeek(visibleWeek, force)
      .then(() => refreshMyLists(force))
      .catch(() => undefined);
    void refreshCatalog(force).catch(() => undefined);
  };
  const onOnline = () => {
    // The network is back: backoffs waited for exactly this, so every pending write may go now.
    void retryPendingNow(db)
      .then(drainNow)
      .catch(() => undefined);
    refreshAll(true);
  };
  const onFocus = () => refreshAll(false);
  const onVisible = () => {
    if (document.visibilityState === 'visible') void drainNow().catch(() => undefined);
  };
  window.addEventListener('online', onOnline);
  window.addEventListener('focus', onFocus);
  document.addEventListener('visibilitychange', onVisible);
  void drainNow().catch(() => undefined);
  refreshAll(false);

  return {
    refreshWeek,
    refreshCatalog,
    refreshEvent: (uuid) => fetchEventInto(db, uuid),
    drainSoon,
    drainNow,
    stop() {
      clearTimeout(drainTimer);
      window.removeEventListener('online', onOnline);
      window.removeEventListener('focus', onFocus);
      document.removeEventListener('visibilitychange', onVisible);
    },
  };
}
