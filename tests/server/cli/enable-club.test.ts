import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { disableClubCommand, enableClubCommand, listClubsCommand } from '../../../server/cli/club-commands';
import { loadConfig } from '../../../server/config';
import { clubRegistry } from '../../../server/db/club-scope/club-registry';
import { listClubRows } from '../../../server/db/club-scope/clubs.repository';
import { openDatabase } from '../../../server/db/connect';
import type { Database } from '../../../server/db/schema';
import { createClub, disableClub } from '../../../server/modules/clubs/create-club';
import { addClub } from '../helpers/clubs';
import { bearer, createTestContext, PASSWORD, type TestContext } from '../helpers/test-context';

// enable-club undoes disable-club (docs/rules.md#several-clubs): the club answers again, with its data.
const HOST = 'aviron-vannes.example.org';
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
  await addClub(ctx, HOST, 'Aviron de Vannes');
}, 60_000);
afterAll(async () => {
  await ctx?.close();
});

const on = (url: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url, headers: { host: HOST, ...headers } });

/** A registry change made by "another process": this app reads it again at once instead of within 2 s. */
const asCommand = <T>(work: (owner: Kysely<Database>) => Promise<T>) =>
  ctx.asOwner(work).finally(() => clubRegistry(ctx.db, ctx.config).forget());

describe('enable-club', () => {
  it('brings a disabled club back: its API, its data, and a session its app still held', async () => {
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/login',
      headers: { host: HOST },
      payload: { username_or_email: 'boss', password: PASSWORD },
    });
    const token = login.json<{ token: string }>().token;
    await asCommand((owner) => disableClubCommand(owner, { host: HOST }));
    expect((await on('/api/user/me', bearer(token))).statusCode).toBe(401);
    expect((await listClubsCommand(ctx.db, ctx.config)).find((line) => line.includes(HOST))).toContain(
      '\tdisabled',
    );

    const said = await asCommand((owner) => enableClubCommand(owner, { host: ` ${HOST.toUpperCase()} ` }));
    expect(said).toEqual([`Enabled the club on ${HOST}: it answers again, with the data it kept.`]);
    const start = await on('/api/internal/settings/start');
    expect(start.json().club_name).toBe('Aviron de Vannes');
    const me = await on('/api/user/me', bearer(token));
    expect(me.statusCode).toBe(200);
    expect(me.json().username).toBe('boss');
    expect((await listClubsCommand(ctx.db, ctx.config)).find((line) => line.includes(HOST))).toContain(
      '\tenabled',
    );
  });

  it('refuses plainly a club that is not disabled, an unknown host, a bad host and no host', async () => {
    await expect(asCommand((owner) => enableClubCommand(owner, { host: HOST }))).rejects.toThrow(
      `No disabled club answers ${HOST}.`,
    );
    await expect(
      asCommand((owner) => enableClubCommand(owner, { host: 'nobody.example.org' })),
    ).rejects.toThrow('No disabled club answers nobody.example.org.');
    await expect(asCommand((owner) => enableClubCommand(owner, { host: 'not a host' }))).rejects.toThrow(
      'is not a host name',
    );
    await expect(asCommand((owner) => enableClubCommand(owner, {}))).rejects.toThrow('--host is required.');
  });
});

describe('npm run enable-club', () => {
  const run = promisify(execFile);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'equipee-enable-club-'));
  // About the command line itself, so on PGlite's data directory even in the PostgreSQL run.
  const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' };
  const cli = (...args: string[]) =>
    run(path.resolve('node_modules/.bin/tsx'), ['server/cli.ts', ...args], { env }).then(
      (r) => ({ code: 0, ...r }),
      (e: { code: number; stdout: string; stderr: string }) => e,
    );
  /** The data directory as the owner, as the club commands open it; closed after (its lock released). */
  async function asOwnerOf<T>(work: (owner: Kysely<Database>) => Promise<T>): Promise<T> {
    const handle = await openDatabase({ dataDir, holder: 'test', asOwner: true });
    try {
      return await work(handle.db);
    } finally {
      await handle.close();
    }
  }
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('is a command of its own, listed in the usage, that undoes disable-club', async () => {
    expect((await cli('--help')).stdout).toContain('npm run enable-club -- --host HOST');
    const config = loadConfig({ DATA_DIR: dataDir });
    await asOwnerOf(async (owner) => {
      await createClub(owner, config, {
        name: 'Aviron',
        host: HOST,
        timezone: 'Europe/Paris',
        username: 'boss',
        email: 'boss@example.org',
        password: PASSWORD,
      });
      await disableClub(owner, HOST, new Date());
    });
    const enabled = await cli('enable-club', '--host', HOST);
    expect(enabled).toMatchObject({ code: 0, stderr: '' });
    expect(enabled.stdout).toBe(`Enabled the club on ${HOST}: it answers again, with the data it kept.\n`);
    const rows = await asOwnerOf((owner) => listClubRows(owner));
    expect(rows.find((row) => row.host === HOST)?.disabled_at).toBeNull();
  }, 120_000); // a command-line process starting tsx on a whole server, and a new directory migrated
});
