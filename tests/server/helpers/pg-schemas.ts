import pg from 'pg';

/**
 * Vitest global setup of the server suites: on PostgreSQL, each test file works in a schema of its own
 * (test-context.ts), and they are all dropped here, once every file is done. Not by each file as it ends:
 * Kysely's migrator reads the catalogue of every schema (its introspection calls has_schema_privilege and
 * pg_get_serial_sequence on each), and a schema another file dropped meanwhile made that read fail with
 * "schema … does not exist", failing the starting file's beforeAll (two CI runs lost a file that way).
 */
export default function setup(): () => Promise<void> {
  return async () => {
    const databaseUrl = process.env.DATABASE_URL;
    if (!databaseUrl) return;
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ name: string }>(
        "select nspname as name from pg_namespace where nspname like 'test\\_%'",
      );
      for (const { name } of rows) await client.query(`drop schema "${name}" cascade`);
    } finally {
      await client.end();
    }
  };
}
