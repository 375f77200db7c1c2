import type { Kysely } from 'kysely';

// Frozen in time: never import application code here.
// A group mail goes out under the organiser's name (the From display name; the address stays the club's, which its mail
// server may send for) with Reply-To the organiser's own address, so
// answers reach them. Null on every other mail: the club's sender as before.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('mail_queue')
    .addColumn('from_name', 'text')
    .addColumn('reply_to', 'text')
    .execute();
}
