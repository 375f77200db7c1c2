import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTickStore } from '../../../../src/features/checklist/tick-store';

afterEach(() => {
  vi.useRealTimers();
});

describe('the ticks shown before the live query reads them back', () => {
  it('keeps a tick while its writes run, and after, until the row reads it from Dexie', () => {
    const store = createTickStore();
    store.getState().start('u:1', 'present');
    store.getState().start('u:1', 'absent'); // ticked twice before the first write ended
    expect(store.getState().ticks.get('u:1')).toEqual({ status: 'absent', writing: 2 });
    store.getState().settle('u:1', true);
    expect(store.getState().ticks.get('u:1')).toEqual({ status: 'absent', writing: 1 });
    store.getState().settle('u:1', true);
    expect(store.getState().ticks.get('u:1')).toEqual({ status: 'absent', writing: 0 });
    store.getState().release('u:1');
    expect(store.getState().ticks.has('u:1')).toBe(false);
  });

  it('drops the tick when its write fails, so the row goes back', () => {
    const store = createTickStore();
    store.getState().start('g:3', 'present');
    store.getState().settle('g:3', false);
    expect(store.getState().ticks.has('g:3')).toBe(false);
  });

  it('lets the row follow Dexie after a while if the cached event never shows a settled tick', () => {
    vi.useFakeTimers();
    const store = createTickStore();
    store.getState().start('u:2', 'present');
    store.getState().settle('u:2', true);
    vi.advanceTimersByTime(1999);
    expect(store.getState().ticks.has('u:2')).toBe(true);
    vi.advanceTimersByTime(1);
    expect(store.getState().ticks.has('u:2')).toBe(false);
  });

  it('leaves the other rows alone', () => {
    const store = createTickStore();
    store.getState().start('u:1', 'present');
    const other = store.getState().ticks.get('u:1');
    store.getState().start('u:2', 'present');
    store.getState().settle('u:2', false);
    expect(store.getState().ticks.get('u:1')).toBe(other);
  });
});
