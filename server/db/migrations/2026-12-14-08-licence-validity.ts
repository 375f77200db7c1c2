import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.
// A licence's own first and last days (docs/rules.md#members-file), as a federation's licence export gives
// them when the member import brings licences in. Both optional: without them the licence counts from its
// season's first day to the season's grace end.
const DAY = `'^[0-9]{4}-[0-9]{2}-[0-9]{2}$'`;

export async function up(db: Kysely<any>): Promise<void> {
  await sql
    .raw(
      `alter table licences add column start_day varchar(10) check (start_day ~ ${DAY}), ` +
        `add column end_day varchar(10) check (end_day ~ ${DAY}), ` +
        'add constraint licences_days_in_order check (start_day is null or end_day is null or start_day <= end_day)',
    )
    .execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table licences drop constraint licences_days_in_order, drop column start_day, drop column end_day`.execute(
    db,
  );
}
