/**
 * A time zone's UTC offsets over a span of time, as a table of the instants where the offset changes.
 * Reading one is plain arithmetic; building one needs Intl. The first Intl call of a page loads the ICU data
 * (15–25 ms on a laptop, four times that on a phone), so a client keeps the table it built at its last start
 * and the first screen shows the club's dates and times without touching Intl (club-time.ts).
 */

/** `offsets[i]` applies from `changes[i]` (ms since epoch) until the next change; the table covers [from, to). */
export interface ZoneOffsets {
  zone: string;
  from: number;
  to: number;
  changes: number[];
  offsets: number[];
}

const DAY_MS = 86_400_000;

/**
 * The span a table covers around now, whoever builds it (the server with the club's start settings, or a
 * client from Intl): past weeks stay browsable, the season ahead is covered.
 */
export const ZONE_TABLE_SPAN = { before: 60 * DAY_MS, after: 400 * DAY_MS };

/** The offset `table` gives at `instant`, or undefined outside its span. */
export function tableOffset(table: ZoneOffsets, instant: number): number | undefined {
  if (!(instant >= table.from && instant < table.to)) return undefined;
  let index = 0;
  // A zone changes offset twice a year at most: a table holds a handful of changes, a scan is enough.
  while (index + 1 < table.changes.length && (table.changes[index + 1] ?? Infinity) <= instant) index++;
  return table.offsets[index];
}

/**
 * The table of `zone` from `from` to `to`, `offsetAt` giving the offset at an instant. Offsets are sampled
 * daily and each change is then found to the second: a zone never changes twice within one day.
 */
export function buildZoneOffsets(
  zone: string,
  from: number,
  to: number,
  offsetAt: (instant: number) => number,
): ZoneOffsets {
  from = Math.floor(from / 1000) * 1000;
  const changes = [from];
  const offsets = [offsetAt(from)];
  let before = from;
  let offset = offsets[0] ?? 0;
  for (let day = from + DAY_MS; before < to; day += DAY_MS) {
    const at = Math.min(day, to);
    const next = offsetAt(at);
    if (next !== offset) {
      // The change lies in (before, at]: the first second at which the new offset applies.
      let low = Math.floor(before / 1000);
      let high = Math.floor(at / 1000);
      while (high - low > 1) {
        const middle = Math.floor((low + high) / 2);
        if (offsetAt(middle * 1000) === offset) low = middle;
        else high = middle;
      }
      changes.push(high * 1000);
      offsets.push(next);
      offset = next;
    }
    before = at;
  }
  return { zone, from, to, changes, offsets };
}

/** Whether `value` (parsed from storage) has the shape of a table; a bad one is ignored, never trusted. */
export function isZoneOffsets(value: unknown): value is ZoneOffsets {
  if (typeof value !== 'object' || value === null) return false;
  const table = value as Partial<ZoneOffsets>;
  const numbers = (xs: unknown) => Array.isArray(xs) && xs.every((x) => Number.isFinite(x));
  return (
    typeof table.zone === 'string' &&
    Number.isFinite(table.from) &&
    Number.isFinite(table.to) &&
    numbers(table.changes) &&
    numbers(table.offsets) &&
    (table.changes?.length ?? 0) > 0 &&
    table.changes?.length === table.offsets?.length &&
    table.changes?.[0] === table.from
  );
}
