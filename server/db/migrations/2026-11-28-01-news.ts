import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.
// The club's news. A post outlives its author's account (author_id then null).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('news_posts')
    .addColumn('uuid', 'uuid', (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('has_picture', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('author_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('news_posts_newest')
    .on('news_posts')
    .expression(sql`created_at desc, uuid`)
    .execute();
}
