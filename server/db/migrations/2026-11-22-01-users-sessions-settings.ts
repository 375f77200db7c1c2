import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('username', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('email', 'varchar(254)', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text')
    .addColumn('role_name', 'varchar(16)', (c) =>
      c.notNull().check(sql`role_name in ('User', 'Contributor', 'Admin', 'SuperAdmin')`),
    )
    .addColumn('connection_attempt', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_locked', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('locked_until', 'timestamptz')
    .addColumn('lock_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_revoked', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('confirmed_at', 'timestamptz')
    .addColumn('last_name', 'varchar(100)')
    .addColumn('first_name', 'varchar(100)')
    .addColumn('street', 'varchar(100)')
    .addColumn('city', 'varchar(100)')
    .addColumn('zip_code', 'varchar(10)')
    .addColumn('phone', 'varchar(20)')
    .addColumn('shoe_size', 'real')
    .addColumn('has_shoes', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('language', 'varchar(2)', (c) =>
      c.notNull().defaultTo('fr').check(sql`language in ('fr', 'en')`),
    )
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('token_hash', 'char(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('last_used_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_user_id_idx').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('app_settings')
    .addColumn('key', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('app_settings').execute();
  await db.schema.dropTable('sessions').execute();
  await db.schema.dropTable('users').execute();
}
