import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.
// Statuses (docs/rules.md#checklist): each checklist row has a status, present, late, excused or absent. `is_checked`
// stays, true exactly for present and late, so the API keeps its meaning; existing ticks become present. The checklist
// log records the status each write set.
// Walk-ins: someone who came without registering, a club member or a free name. One row per person and
// event (`person_key`: `member:<id>` or `name:<normalised name>`), so the same walk-in added offline on two
// phones makes one row. A walk-in takes no place; it is shown to those who take attendance, so it moves
// the data version like the event's other rows.
const STATUS_CHECK = sql`status in ('present', 'late', 'excused', 'absent')`;

export async function up(db: Kysely<any>): Promise<void> {
  for (const table of ['subscriptions', 'guests']) {
    await db.schema
      .alterTable(table)
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('absent'))
      .execute();
    await sql`alter table ${sql.table(table)} add constraint ${sql.id(`${table}_status`)} check (${STATUS_CHECK})`.execute(
      db,
    );
    await sql`update ${sql.table(table)} set status = 'present' where is_checked`.execute(db);
  }

  await db.schema
    .createTable('walk_ins')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('event_uuid', 'uuid', (c) => c.notNull().references('events.uuid').onDelete('cascade'))
    .addColumn('person_key', 'text', (c) => c.notNull())
    .addColumn('user_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('checked_at', 'timestamptz', (c) => c.notNull())
    .addColumn('checked_by', 'uuid', (c) => c.notNull())
    .addColumn('created_by', 'uuid', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addCheckConstraint('walk_ins_status', STATUS_CHECK)
    .addUniqueConstraint('walk_ins_one_per_person', ['event_uuid', 'person_key'])
    .execute();
  await sql`create constraint trigger walk_ins_data_version after insert or update or delete on walk_ins
    deferrable initially deferred for each row execute function bump_data_version()`.execute(db);
  await sql`create trigger walk_ins_truncate_data_version after truncate on walk_ins
    for each statement execute function bump_data_version()`.execute(db);

  await db.schema
    .alterTable('checklist_log')
    .addColumn('status', 'text')
    .addColumn('walk_in_id', 'integer')
    .execute();
  await sql`update checklist_log set status = case when is_checked then 'present' else 'absent' end`.execute(
    db,
  );
  await sql`alter table checklist_log alter column status set not null`.execute(db);
  await sql`alter table checklist_log drop constraint checklist_log_one_participant`.execute(db);
  await sql`alter table checklist_log add constraint checklist_log_one_participant check (
    (walk_in_id is not null and not is_invited and guest_id is null)
    or (walk_in_id is null and is_invited and guest_id is not null and user_id is null)
    or (walk_in_id is null and not is_invited and user_id is not null and guest_id is null))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`delete from checklist_log where walk_in_id is not null`.execute(db);
  await sql`alter table checklist_log drop constraint checklist_log_one_participant`.execute(db);
  await sql`alter table checklist_log add constraint checklist_log_one_participant check (
    (is_invited and guest_id is not null and user_id is null)
    or (not is_invited and user_id is not null and guest_id is null))`.execute(db);
  await db.schema.alterTable('checklist_log').dropColumn('walk_in_id').dropColumn('status').execute();
  await db.schema.dropTable('walk_ins').execute();
  for (const table of ['subscriptions', 'guests'])
    await db.schema.alterTable(table).dropColumn('status').execute();
}
