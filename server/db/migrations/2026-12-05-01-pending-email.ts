import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.
// An email change waits for the new address to confirm it (docs/rules.md#accounts-and-sessions): the address
// asked for sits in `pending_email` until its link, an account token of the new kind `email`, is used.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('pending_email', 'varchar(254)').execute();
  await sql`alter table account_tokens drop constraint account_tokens_kind_check`.execute(db);
  await sql`alter table account_tokens add constraint account_tokens_kind_check
    check (kind in ('confirm', 'reset', 'email'))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`delete from account_tokens where kind = 'email'`.execute(db);
  await sql`alter table account_tokens drop constraint account_tokens_kind_check`.execute(db);
  await sql`alter table account_tokens add constraint account_tokens_kind_check
    check (kind in ('confirm', 'reset'))`.execute(db);
  await db.schema.alterTable('users').dropColumn('pending_email').execute();
}
