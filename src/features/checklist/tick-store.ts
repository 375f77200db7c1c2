import type { AttendanceStatus } from '@common/contract/attendance-status';
import { createStore, type StoreApi } from 'zustand';

/** A status on screen before the live query reads it back: its value, and how many of its writes still run. */
export interface ShownTick {
  status: AttendanceStatus;
  writing: number;
}

export interface TickState {
  ticks: ReadonlyMap<string, ShownTick>;
  /** The row shows this value now (the table calls it once the tick is stored). */
  start(key: string, status: AttendanceStatus): void;
  /** A write ended. A failed one drops the row's shown tick: the row goes back to what Dexie holds. */
  settle(key: string, isDone: boolean): void;
  /** Dexie shows the tick now (or never will): the row reads its value from the cached event again. */
  release(key: string): void;
}

/** If the cached event never shows a settled tick (another tab changed it), the row follows Dexie after this. */
const RELEASE_AFTER_MS = 2000;

export type TickStore = StoreApi<TickState>;

/** One store per checklist on screen: ticking a row re-renders that row alone, never the table. */
export function createTickStore(): TickStore {
  return createStore<TickState>((set, get) => {
    const update = (key: string, tick: ShownTick | undefined) => {
      const ticks = new Map(get().ticks);
      if (tick) ticks.set(key, tick);
      else ticks.delete(key);
      set({ ticks });
    };
    return {
      ticks: new Map(),
      start(key, status) {
        update(key, { status, writing: (get().ticks.get(key)?.writing ?? 0) + 1 });
      },
      settle(key, isDone) {
        const tick = get().ticks.get(key);
        if (!tick) return;
        if (!isDone) return update(key, undefined);
        const settled = { ...tick, writing: tick.writing - 1 };
        update(key, settled);
        if (settled.writing === 0)
          setTimeout(() => {
            if (get().ticks.get(key) === settled) update(key, undefined);
          }, RELEASE_AFTER_MS);
      },
      release(key) {
        if (get().ticks.has(key)) update(key, undefined);
      },
    };
  });
}
