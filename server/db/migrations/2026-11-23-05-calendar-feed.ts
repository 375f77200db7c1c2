import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.
// The calendar feed: one private feed token per member (only its SHA-256 is kept; regenerating replaces the row,
// revoking deletes it), and a `sequence` on events that calendar apps compare to know an
// event changed.
//
// The sequence is raised by triggers rather than by each write path: every change a calendar shows (date,
// duration, place, cancel/reactivate, model) must raise it in the same transaction, and a trigger cannot be
// forgotten by a write path added later. A save that changes none of those columns (capacity, equipment,
// or nothing at all) leaves it alone. Renaming a model changes the SUMMARY of every event of that model.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('calendar_feed_tokens')
    .addColumn('user_id', 'uuid', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();

  await db.schema
    .alterTable('events')
    .addColumn('sequence', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await sql`
    create function events_raise_sequence() returns trigger language plpgsql as $$
    begin
      if (new.start_date, new.end_date, new.street, new.city, new.zip_code, new.location,
          new.is_cancelled, new.model_uuid)
         is distinct from
         (old.start_date, old.end_date, old.street, old.city, old.zip_code, old.location,
          old.is_cancelled, old.model_uuid) then
        new.sequence := old.sequence + 1;
      end if;
      return new;
    end;
    $$`.execute(db);
  await sql`
    create trigger events_sequence before update on events
    for each row execute function events_raise_sequence()`.execute(db);

  await sql`
    create function event_models_raise_sequence() returns trigger language plpgsql as $$
    begin
      if new.name is distinct from old.name then
        update events set sequence = sequence + 1 where model_uuid = new.uuid;
      end if;
      return new;
    end;
    $$`.execute(db);
  await sql`
    create trigger event_models_sequence after update on event_models
    for each row execute function event_models_raise_sequence()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger event_models_sequence on event_models`.execute(db);
  await sql`drop function event_models_raise_sequence()`.execute(db);
  await sql`drop trigger events_sequence on events`.execute(db);
  await sql`drop function events_raise_sequence()`.execute(db);
  await db.schema.alterTable('events').dropColumn('sequence').execute();
  await db.schema.dropTable('calendar_feed_tokens').execute();
}
