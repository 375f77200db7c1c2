import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../server/db/connect';
import { DirectoryLockedError } from '../../../server/db/dir-lock';
import {
  writeSystemSwitch,
  writeUserSwitch,
} from '../../../server/modules/notifications/notification-settings.repository';
import { openFirstClubDatabase } from '../helpers/clubs';

const run = promisify(execFile);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'equipee-cli-'));
const lockFile = path.join(dataDir, 'pglite.lock');
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

// These are about PGlite's data directory, so they run on PGlite even in the PostgreSQL run.
const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' };
const cli = (...args: string[]) =>
  run(path.resolve('node_modules/.bin/tsx'), ['server/cli.ts', ...args], { env }).then(
    (r) => ({ code: 0, ...r }),
    (e: { code: number; stdout: string; stderr: string }) => ({
      code: e.code,
      stdout: e.stdout,
      stderr: e.stderr,
    }),
  );

describe('the command line and the data directory lock', () => {
  it('creates users on an empty directory, migrating it, and releases the lock', async () => {
    const admin = await cli(
      'create-superadmin',
      '--username',
      'Root',
      '--email',
      'root@example.org',
      '--password',
      'Sup3rSecret',
    );
    expect(admin.stderr).toBe('');
    expect(admin.stdout).toContain('Created SuperAdmin "root"');
    const user = await cli(
      'create-user',
      '--username',
      'ann',
      '--email',
      'ann@example.org',
      '--password',
      'Sup3rSecret',
      '--role',
      'Contributor',
    );
    expect(user.code).toBe(0);
    expect(fs.existsSync(lockFile)).toBe(false);

    const handle = await openFirstClubDatabase({ dataDir, holder: 'test' });
    try {
      const rows = await handle.db
        .selectFrom('users')
        .select(['username', 'role_name'])
        .orderBy('username')
        .execute();
      expect(rows).toEqual([
        { username: 'ann', role_name: 'Contributor' },
        { username: 'root', role_name: 'SuperAdmin' },
      ]);
    } finally {
      await handle.close();
    }
  }, 60_000); // two command-line processes, each starting tsx on a whole server; the first migrates a new directory

  it('refuses bad input plainly: taken name, weak password, unknown role', async () => {
    const taken = await cli(
      'create-user',
      '--username',
      'ann',
      '--email',
      'x@example.org',
      '--password',
      'Sup3rSecret',
      '--role',
      'User',
    );
    expect(taken.code).toBe(1);
    expect(taken.stderr).toContain('username is already taken');
    const weak = await cli(
      'create-user',
      '--username',
      'bea',
      '--email',
      'b@example.org',
      '--password',
      'weak',
      '--role',
      'User',
    );
    expect(weak.stderr).toContain('at least 8 characters');
    const role = await cli(
      'create-user',
      '--username',
      'bea',
      '--email',
      'b@example.org',
      '--password',
      'Sup3rSecret',
      '--role',
      'King',
    );
    expect(role.stderr).toContain('--role must be one of');
  });

  it('refuses, by name, a directory the server holds; and the server one the command line holds', async () => {
    const server = await openDatabase({ dataDir, holder: 'server' });
    try {
      const refused = await cli(
        'create-user',
        '--username',
        'cid',
        '--email',
        'c@example.org',
        '--password',
        'Sup3rSecret',
        '--role',
        'User',
      );
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain('is in use by the server');
      await expect(openDatabase({ dataDir, holder: 'command line' })).rejects.toThrow(DirectoryLockedError);
    } finally {
      await server.close();
    }
    expect(fs.existsSync(lockFile)).toBe(false);
  });

  it('takes over a lock left by a process that no longer exists', async () => {
    fs.writeFileSync(lockFile, JSON.stringify({ pid: 2 ** 22 + 12345, holder: 'server' }));
    const handle = await openFirstClubDatabase({ dataDir, holder: 'test' });
    await handle.close();
    expect(fs.existsSync(lockFile)).toBe(false);
  });

  it('send-weekly-list queues the week once, delivers it, and says so', async () => {
    const handle = await openFirstClubDatabase({ dataDir, holder: 'test' });
    try {
      const ann = await handle.db
        .selectFrom('users')
        .select('id')
        .where('username', '=', 'ann')
        .executeTakeFirstOrThrow();
      await writeSystemSwitch(handle.db, 'weekly_event_list', true);
      await writeUserSwitch(handle.db, ann.id, 'weekly_event_list', true);
    } finally {
      await handle.close();
    }
    const first = await cli('send-weekly-list');
    expect(first.stderr).toBe('');
    expect(first.stdout).toMatch(
      /Weekly event list for the week of \d{4}-\d{2}-\d{2}: 1 message\(s\) queued\.\nDelivered now: 1\./,
    );
    // No SMTP_URL: the message went to the mail log.
    expect(fs.readdirSync(path.join(dataDir, 'default', 'mail-log'))).toHaveLength(1);
    const second = await cli('send-weekly-list');
    expect(second.stdout).toContain('was already sent: nothing queued');
    expect(fs.existsSync(lockFile)).toBe(false);
  });
});
