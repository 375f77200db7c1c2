import type { Kysely } from 'kysely';

// Frozen in time: never import application code here.
// Bounces (docs/rules.md#mails): since when the mail server has refused the address for good, so the Admins read « depuis
// le … » on the member's page. Null while the address is not marked, and for a mark set before this column existed
// (its day is not known).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('email_bouncing_since', 'timestamptz').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('email_bouncing_since').execute();
}
