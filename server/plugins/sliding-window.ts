/**
 * Counts events per key over a sliding window (the times of the last `max` events of each key), in this
 * process's memory: the limits it serves bound one member's pace, and a restart forgetting them is harmless.
 */
export class SlidingWindow {
  private readonly times = new Map<string, number[]>();
  private sinceSweep = 0;

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
  ) {}

  /** How long until `key` may count one more at `now` (ms), or 0 when it may now. Counts nothing. */
  waitMs(key: string, now: number): number {
    const times = this.recent(key, now);
    if (times.length < this.max) return 0;
    return (times[0] ?? now) + this.windowMs - now;
  }

  record(key: string, now: number): void {
    const times = this.recent(key, now);
    times.push(now);
    this.times.set(key, times);
    if (++this.sinceSweep >= 10_000) this.sweep(now);
  }

  private recent(key: string, now: number): number[] {
    const times = this.times.get(key) ?? [];
    const start = times.findIndex((time) => time > now - this.windowMs);
    return start === -1 ? [] : start === 0 ? times : times.slice(start);
  }

  /** Forgets the keys with nothing left in the window, so idle members cost no memory. */
  private sweep(now: number): void {
    this.sinceSweep = 0;
    for (const [key, times] of this.times)
      if ((times.at(-1) ?? 0) <= now - this.windowMs) this.times.delete(key);
  }
}
