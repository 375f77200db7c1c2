import { zoneOffsetsOf } from '@common/rules/club-time';
import { ZONE_TABLE_SPAN, type ZoneOffsets } from '@common/rules/zone-offsets';

const DAY_MS = 86_400_000;
const tables = new Map<string, { day: number; table: ZoneOffsets }>();

/**
 * The table of `zone`'s offsets around `now` that the start settings carry (a client's first visit then
 * needs no Intl), built once a day per zone: Intl costs the server little, but the page loads are many.
 */
export function zoneTableAround(zone: string, now: Date): ZoneOffsets {
  const day = Math.floor(now.getTime() / DAY_MS);
  const kept = tables.get(zone);
  if (kept?.day === day) return kept.table;
  const start = day * DAY_MS;
  const table = zoneOffsetsOf(zone, start - ZONE_TABLE_SPAN.before, start + ZONE_TABLE_SPAN.after);
  tables.set(zone, { day, table });
  return table;
}
