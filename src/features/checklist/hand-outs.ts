import type { ChecklistRow, KitItem } from '@common/rules/checklist-rows';
import { useCallback, useLayoutEffect, useRef } from 'react';
import { type HandOutChange, type HandOutControl, type HandOutState, nextHandOut } from './checklist-rows';

/** What this list last asked of an item, and how many of those writes are still being stored. */
interface Asked {
  state: HandOutState;
  writing: number;
}

/** Once stored, the cached event shows a write well within this: the item then follows it again. */
const FORGET_AFTER_MS = 2000;

/**
 * The table's one handler for « Remis » and « Rendu » (docs/rules.md#kit), stable so no row re-renders for a
 * tap on another. Each tap sets values computed from what the item shows, or from what the previous tap asked
 * while that one is not on screen yet: two quick taps undo, never set the same thing twice. Writes are stored in
 * tap order, like ticks, and an item is shown from the cached event, which its write changes as it is queued:
 * an item shown handed out is a write that survives a reload. A failed write leaves the item as the cache has it
 * (the screen has told the user).
 */
export function useHandOuts(
  onSetHandOut: (row: ChecklistRow, uuidStuff: string, change: HandOutChange) => Promise<boolean>,
): (row: ChecklistRow, item: KitItem, control: HandOutControl) => void {
  const latest = useRef(onSetHandOut);
  useLayoutEffect(() => {
    latest.current = onSetHandOut;
  });
  const writes = useRef(Promise.resolve());
  const asked = useRef(new Map<string, Asked>());
  return useCallback((row, item, control) => {
    const key = `${row.key}\u0000${item.uuid}`;
    const known = asked.current.get(key);
    const change = nextHandOut(known?.state ?? item, control);
    const entry: Asked = known ?? { state: item, writing: 0 };
    entry.state = { handedOut: entry.state.handedOut, returned: entry.state.returned, ...change };
    entry.writing += 1;
    asked.current.set(key, entry);
    writes.current = writes.current
      .then(() => latest.current(row, item.uuid, change))
      // A rejection here would stop every later write of the chain: it counts as a failed write.
      .catch(() => false)
      .then((isDone) => {
        if (asked.current.get(key) !== entry) return;
        entry.writing -= 1;
        if (!isDone) asked.current.delete(key);
        else if (entry.writing === 0)
          setTimeout(() => {
            if (asked.current.get(key) === entry && entry.writing === 0) asked.current.delete(key);
          }, FORGET_AFTER_MS);
      });
  }, []);
}
