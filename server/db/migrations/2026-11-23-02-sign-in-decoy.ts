import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.
// The row a failed sign-in on an unknown name locks and updates, so that it does the same database work as
// a failure on a real account (docs/rules.md#accounts-and-sessions). Same columns, constraints and indexes as users, so
// both writes cost alike; one row, never read for anything else.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table sign_in_decoy (like users including defaults including constraints including indexes)`.execute(
    db,
  );
  await db
    .insertInto('sign_in_decoy')
    .values({
      id: '00000000-0000-0000-0000-000000000000',
      username: 'no-account',
      email: 'no-account',
      password_hash: null,
      role_name: 'User',
      locked_until: null,
      confirmed_at: null,
    })
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sign_in_decoy').execute();
}
