import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';

// Frozen in time: never import application code here.
// One-click unsubscribe (docs/rules.md#mails).
// - server_secrets: keys the server signs its links with, made once here so every process of a club
//   (PGlite or several on one PostgreSQL) signs and checks alike. Never served, never logged.
// - mail_queue.list_unsubscribe: the URL a switchable mail names in its List-Unsubscribe header; null for
//   the mails that are always sent.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('server_secrets')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db
    .insertInto('server_secrets')
    .values({ name: 'mail_links', value: randomBytes(32).toString('base64url'), created_at: new Date() })
    .execute();
  await db.schema.alterTable('mail_queue').addColumn('list_unsubscribe', 'text').execute();
}
