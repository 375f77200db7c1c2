/** Screens read only through these: instant answers from Dexie that repaint when the cache changes. */
import { useLiveQuery } from 'dexie-react-hooks';
import type { EventDto } from '../common/contract/event';
import { CLUB_TIMEZONE } from '../common/rules/club';
import { clubDayStart, shiftDay } from '../common/rules/club-time';
import { appDb, type OutboxRow } from './db';

/** Events overlapping the club week starting `monday`, by start; undefined while loading. */
export function useWeekEvents(monday: string): EventDto[] | undefined {
  return useLiveQuery(async () => {
    const start = clubDayStart(monday, CLUB_TIMEZONE).toISOString();
    const end = clubDayStart(shiftDay(monday, 7), CLUB_TIMEZONE).toISOString();
    const events = await appDb().events.where('start_date').below(end).toArray();
    return events.filter((e) => e.end_date > start).sort((a, b) => a.start_date.localeCompare(b.start_date));
  }, [monday]);
}

/** The cached event; null when it is not cached, undefined while loading. */
export function useEvent(uuid: string | undefined): EventDto | null | undefined {
  return useLiveQuery(async () => (uuid ? ((await appDb().events.get(uuid)) ?? null) : null), [uuid]);
}

export function useModels() {
  return useLiveQuery(() => appDb().models.orderBy('uuid').toArray(), []);
}

export function useStuffs() {
  return useLiveQuery(() => appDb().stuffs.orderBy('uuid').toArray(), []);
}

export interface MyEventState {
  isSubscribed: boolean;
  isWaiting: boolean;
  hasPendingWrite: boolean;
}

export function useMyEventState(uuid: string, userId: string | undefined): MyEventState | undefined {
  return useLiveQuery(async () => {
    const event = await appDb().events.get(uuid);
    const pending = await appDb().outbox.where('status').equals('pending').filter((r) => r.eventUuid === uuid).count();
    return {
      isSubscribed: event?.subscribers_with_stuff.some((s) => s.id === userId) ?? false,
      isWaiting: event?.waiting_list.some((w) => w.uuid_user === userId) ?? false,
      hasPendingWrite: pending > 0,
    };
  }, [uuid, userId]);
}

export function usePendingCount(): number {
  return useLiveQuery(() => appDb().outbox.where('status').equals('pending').count(), []) ?? 0;
}

export function useFailedWrites(): OutboxRow[] {
  return useLiveQuery(() => appDb().outbox.where('status').equals('failed').sortBy('id'), []) ?? [];
}

/** Keys of the checklist rows whose tick is not delivered yet (`u:<id>` members, `g:<id>` guests). */
export function usePendingChecks(eventUuid: string | undefined): Set<string> {
  const rows = useLiveQuery(
    async () =>
      eventUuid
        ? appDb()
            .outbox.where('status')
            .equals('pending')
            .filter((r) => r.kind === 'check' && r.eventUuid === eventUuid)
            .toArray()
        : [],
    [eventUuid],
  );
  return new Set(
    (rows ?? []).map((r) => {
      const body = r.body as { is_invited: boolean; user_id: string | number };
      return `${body.is_invited ? 'g' : 'u'}:${body.user_id}`;
    }),
  );
}
