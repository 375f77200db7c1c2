/**
 * Keeps the Dexie cache fresh from /api and delivers the outbox. Screens never wait for it: they read
 * Dexie (the area modules' hooks) and repaint when this writes. Freshness: a week is fetched again when
 * older than five minutes, on focus, when the network comes back (connectivity.ts), once the outbox is
 * empty after drains that delivered or refused something, and when another tab signs in. Drains run on start, when the network comes back,
 * when the page becomes visible, and a second after each queued write.
 */

import { modelSchema, stuffSchema } from '@common/contract/catalog';
import { MODELS_PATH, STUFF_PATH } from '@common/contract/start-paths';
import { z } from '@common/contract/zod';
import { clubDayStart, currentWeek, shiftDay, weekReadRange } from '@common/rules/club-time';
import { apiRequest } from './api-client';
import { onBackOnline, whenNetworkQuiet } from './connectivity';
import type { EquipeeDb } from './db';
import { type DrainOutcome, drainOutbox, hasPendingRows, nextDueAt, retryPendingNow } from './drain';
import { httpTransport } from './drain-http';
import { withDrainLock } from './drain-lock';
import { storeRange } from './locked-reads';
import { refreshMyDeclines } from './my-declines';
import { laneOf } from './offline-writes';
import { getToken } from './session-storage';
import { clubTimeZone, refreshClubSettings } from './start-settings';
import { afterWeekOnScreen } from './week-on-screen';

export { fetchEventInto } from './locked-reads';

export const STALE_AFTER_MS = 5 * 60_000;
const DRAIN_DELAY_MS = 1_000;
const NOTHING_DRAINED: DrainOutcome = { sent: 0, failed: 0, stoppedBy: null };
/** setTimeout's largest delay: past it, Node and browsers fire at once (a far due date became a 1 ms loop). */
export const MAX_TIMER_MS = 2 ** 31 - 1;

export interface SyncEngine {
  /** Fetches the week (Monday `yyyy-mm-dd`) ±1 week if stale, or always with `force`. */
  refreshWeek(monday: string, force?: boolean): Promise<void>;
  refreshCatalog(force?: boolean): Promise<void>;
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

/**
 * The signed-in user's writes still waiting to be delivered (another user's wait for their owner), in the main
 * lane: a comment waiting out its rate limit (drain.ts) never puts off the week's read after the other writes.
 */
async function pendingCount(db: EquipeeDb): Promise<number> {
  const session = await db.session.get('current');
  if (!session) return 0;
  return db.outbox
    .where('userId')
    .equals(session.user.id)
    .filter((row) => row.status === 'pending' && laneOf(row) === 'main')
    .count();
}

/** The catalog waits for the network to be quiet this long after the week's read (5 s at most). */
const CATALOG_QUIET_MS = 500;
const CATALOG_WAIT_AT_MOST_MS = 5_000;

export function startSyncEngine({ db, onUnauthorised }: SyncEngineOptions): SyncEngine {
  const fetchedAt = new Map<string, number>();
  let visibleWeek: string | undefined;
  let drainTimer: ReturnType<typeof setTimeout> | undefined;

  const isFresh = (key: string) => Date.now() - (fetchedAt.get(key) ?? 0) < STALE_AFTER_MS;

  // The tag of each range's last stored answer, per signed-in token (another user's cache is another
  // cache). A forced read (after a drain, back online) is never conditional: a refused write is rolled
  // back by storing the server's answer even when the server's week did not change.
  const rangeTags = new Map<string, string>();

  // A week's read under way, per key: the screen and the engine's own start ask for the same week at once.
  const weekReads = new Map<string, Promise<void>>();

  function refreshWeek(monday: string, force = false): Promise<void> {
    visibleWeek = monday;
    const key = `week:${monday}`;
    const running = weekReads.get(key);
    if (running && !force) return running;
    if (!force && isFresh(key)) return Promise.resolve();
    const read = readWeek(monday, key, force).finally(() => {
      if (weekReads.get(key) === read) weekReads.delete(key);
    });
    weekReads.set(key, read);
    return read;
  }

  async function readWeek(monday: string, key: string, force: boolean) {
    const { from, to } = weekReadRange(monday);
    const tagKey = `${getToken() ?? ''} ${from} ${to}`;
    const tag = await storeRange(
      db,
      from,
      to,
      await clubTimeZone(db),
      force ? undefined : rangeTags.get(tagKey),
    );
    if (tag) rangeTags.set(tagKey, tag);
    else rangeTags.delete(tagKey);
    fetchedAt.set(key, Date.now());
    // Then, once the week is on screen, the threads its events hold (their own chunk, never on the first paint).
    const timeZone = await clubTimeZone(db);
    void afterWeekOnScreen().then(() => {
      import('./week-threads')
        .then(({ readWeekThreads }) =>
          readWeekThreads(
            db,
            clubDayStart(from, timeZone).toISOString(),
            clubDayStart(shiftDay(to, 1), timeZone).toISOString(),
          ),
        )
        // A read ahead that fails (signed out, the cache closed) is no one's concern: the sheet reads its own.
        .catch(() => undefined);
    });
  }

  async function refreshVisibleWeek(force: boolean) {
    await refreshWeek(visibleWeek ?? currentWeek(await clubTimeZone(db)), force);
  }

  async function refreshCatalog(force = false) {
    if (!force && isFresh('catalog')) return;
    const [models, stuffs] = await Promise.all([
      apiRequest('GET', MODELS_PATH, { schema: z.array(modelSchema) }),
      apiRequest('GET', STUFF_PATH, { schema: z.array(stuffSchema) }),
    ]);
    await db.transaction('rw', db.models, db.stuffs, async () => {
      await db.models.clear();
      await db.models.bulkPut(models);
      await db.stuffs.clear();
      await db.stuffs.bulkPut(stuffs);
    });
    fetchedAt.set('catalog', Date.now());
  }

  async function refreshFamily(force = false) {
    if (!force && isFresh('family')) return;
    // Its schema is its own chunk: the week's first paint never waits for it.
    const { refreshMyFamily } = await import('./my-family');
    await refreshMyFamily(db);
    fetchedAt.set('family', Date.now());
  }

  async function refreshDeclines(force = false) {
    if (!force && isFresh('declines')) return;
    await refreshMyDeclines(db);
    fetchedAt.set('declines', Date.now());
  }

  // Delivered or refused writes not yet followed by a read of the visible weeks. Each answer is cached as it
  // comes; the read is for what others changed meanwhile, and one read once the queue is empty is enough
  // (a read after every round of a long queue cost a full week's answer each time).
  let changedSinceRefresh = false;

  async function drainNow() {
    // Nothing of this user's waiting: the lock is left to the reads. A start's first week read would otherwise
    // queue behind an empty drain's own reads (on a first visit, the screen waits for that week). A write
    // queued after this look asks for its own drain (sync.ts, queueAndDeliver).
    const outcome = (await hasPendingRows(db))
      ? await withDrainLock(() => drainOutbox(db, httpTransport))
      : NOTHING_DRAINED;
    if (outcome.stoppedBy === 'unauthorised') onUnauthorised();
    if (outcome.sent + outcome.failed > 0) changedSinceRefresh = true;
    // The flag is read after the count: of two drains ending together, one reads the week.
    const isEmpty = (await pendingCount(db)) === 0;
    if (changedSinceRefresh && isEmpty) {
      changedSinceRefresh = false;
      await Promise.all([
        refreshVisibleWeek(true).catch(() => undefined),
        refreshDeclines(true).catch(() => undefined),
      ]);
    }
    if (outcome.stoppedBy === 'network' || outcome.stoppedBy === 'retry-later') {
      const due = await nextDueAt(db);
      if (due !== undefined) drainSoon(due - Date.now());
    }
  }

  function drainSoon(delayMs = DRAIN_DELAY_MS) {
    clearTimeout(drainTimer);
    const delay = Math.min(MAX_TIMER_MS, Math.max(DRAIN_DELAY_MS, delayMs));
    drainTimer = setTimeout(() => void drainNow().catch(() => undefined), delay);
  }

  const refreshAll = (force: boolean) => {
    // The week and the settings together: the week shown was picked with the time zone cached here (the
    // usual one on a first visit). The settings rarely change it; when they do, that zone's week follows.
    const zoneBefore = clubTimeZone(db);
    const settings = refreshClubSettings(db, force).catch(() => undefined);
    const week = refreshVisibleWeek(force).catch(() => undefined);
    void Promise.all([settings, zoneBefore])
      .then(async ([, before]) => {
        if ((await clubTimeZone(db)) !== before) await refreshVisibleWeek(force);
      })
      .catch(() => undefined);
    // What follows the week waits for the frame showing it (core/week-on-screen.ts); the member's answers first.
    const weekShown = week.then(afterWeekOnScreen);
    void weekShown.then(() => refreshDeclines(force)).catch(() => undefined);
    // The catalog (the editor's lists) once the week's reads are done: it never competes with the week's
    // first paint on a slow network.
    void week
      .then(() => whenNetworkQuiet(CATALOG_QUIET_MS, CATALOG_WAIT_AT_MOST_MS))
      .then(() => refreshCatalog(force))
      .catch(() => undefined);
    // The children a guardian answers for: their lines on the cards follow the week's first paint.
    void weekShown.then(() => refreshFamily(force)).catch(() => undefined);
    // The club's members, on an organiser's device only, for a walk-in offline (docs/rules.md#checklist): after
    // the week, whose events decide it; its own chunk, which reads at most every few hours.
    void weekShown
      .then(() => import('./club-members'))
      .then(({ refreshClubMembers }) => refreshClubMembers(db))
      .catch(() => undefined);
  };
  const stopWatchingNetwork = onBackOnline(() => {
    void retryPendingNow(db)
      .then(drainNow)
      .catch(() => undefined);
    refreshAll(true);
  });
  const onFocus = () => refreshAll(false);
  const onVisible = () => {
    if (document.visibilityState === 'visible') void drainNow().catch(() => undefined);
  };
  window.addEventListener('focus', onFocus);
  document.addEventListener('visibilitychange', onVisible);
  void drainNow().catch(() => undefined);
  refreshAll(false);

  return {
    refreshWeek,
    refreshCatalog,
    drainSoon,
    drainNow,
    stop() {
      clearTimeout(drainTimer);
      stopWatchingNetwork();
      window.removeEventListener('focus', onFocus);
      document.removeEventListener('visibilitychange', onVisible);
    },
  };
}
