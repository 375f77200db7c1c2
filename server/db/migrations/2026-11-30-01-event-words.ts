import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.
// An event's own title and notes, shown instead of its model's name and description when set. The calendar feed shows
// the title as the SUMMARY, so the sequence trigger now watches it too (the body is
// that of 2026-11-23-05 with `title` added); the notes are not in the feed.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('events').addColumn('title', 'text').addColumn('notes', 'text').execute();
  await sql`
    create or replace function events_raise_sequence() returns trigger language plpgsql as $$
    begin
      if (new.start_date, new.end_date, new.street, new.city, new.zip_code, new.location,
          new.is_cancelled, new.model_uuid, new.title)
         is distinct from
         (old.start_date, old.end_date, old.street, old.city, old.zip_code, old.location,
          old.is_cancelled, old.model_uuid, old.title) then
        new.sequence := old.sequence + 1;
      end if;
      return new;
    end;
    $$`.execute(db);
  // "The last event of a model" (the form's starting point) reads this index backwards.
  await db.schema
    .createIndex('events_model_start_idx')
    .on('events')
    .columns(['model_uuid', 'start_date'])
    .execute();
}
