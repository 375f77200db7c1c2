import { loadConfig } from '../../../server/config';
import { withOwner } from '../../../server/db/club-scope/app-role';
import { clubRegistry } from '../../../server/db/club-scope/club-registry';
import { type Club, setFallbackClub } from '../../../server/db/club-scope/current-club';
import { type DatabaseHandle, type OpenDatabaseOptions, openDatabase } from '../../../server/db/connect';
import { createClub } from '../../../server/modules/clubs/create-club';
import { PASSWORD, type TestContext } from './test-context';

/** The owner's side of a database opened with SET ROLE (not a test context's: use its own asOwner). */
export const asOwner = withOwner;

/** A second (third…) club on `host`, with its SuperAdmin `boss` (password PASSWORD), as create-club makes it. */
export async function addClub(ctx: TestContext, host: string, name = host): Promise<Club> {
  const { club } = await ctx.asOwner((owner) =>
    createClub(owner, ctx.config, {
      name,
      host,
      timezone: 'Europe/Paris',
      username: 'boss',
      email: `boss@${host}`,
      password: PASSWORD,
    }),
  );
  clubRegistry(ctx.db, ctx.config).forget();
  return club;
}

/**
 * Opens the database as the server would and makes its first club the one direct reads and writes run
 * for (the tests' fallback), for the tests that open a data directory themselves.
 */
export async function openFirstClubDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  const handle = await openDatabase(options);
  const config = loadConfig({ ...process.env, DATA_DIR: options.dataDir });
  const [first] = await clubRegistry(handle.db, config).all();
  setFallbackClub(first);
  return handle;
}
