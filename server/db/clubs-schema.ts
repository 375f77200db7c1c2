import type { Generated } from 'kysely';

/** The clubs this deployment serves (shared, read by host). Club 1's nulls come from the configuration. */
export interface ClubsTable {
  id: Generated<number>;
  name: string;
  host: string | null;
  key: string;
  timezone: string | null;
  disabled_at: Date | null;
  created_at: Generated<Date>;
}
