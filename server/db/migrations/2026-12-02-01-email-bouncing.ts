import type { Kysely } from 'kysely';

// Frozen in time: never import application code here.
// Bounces (docs/rules.md#mails): an address the SMTP server refused for good (a 5xx) is marked, so notifications stop
// going to it and the member and the admins are told.
// Changing the email clears the mark.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('email_bouncing', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('email_bouncing').execute();
}
