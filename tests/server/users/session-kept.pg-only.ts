import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statementRecorder } from '../helpers/statement-recorder';
import { bearer, createTestContext, type TestContext } from '../helpers/test-context';

/**
 * Two processes on one PostgreSQL (each its own pool, as two deployments' processes would have): the one that
 * keeps a session check reads only the club's counters, and still refuses at once a session ended or an
 * account revoked through the other (docs/scaling.md, "The rules the code keeps").
 */
let writer: TestContext;
let reader: TestContext;
const recorder = statementRecorder();

beforeAll(async () => {
  writer = await createTestContext();
  reader = await createTestContext({
    sharedDatabase: writer.database,
    onQuery: recorder.onQuery,
  });
  await writer.createUser('member');
});
afterAll(async () => {
  await reader?.close();
  await writer?.close();
});

const WEEK = '/api/event/from/2026-01-05/to/2026-01-11';
const read = (token: string) => reader.app.inject({ method: 'GET', url: WEEK, headers: bearer(token) });

const recorded = (run: () => Promise<unknown>) => recorder.during(reader, run);

const checks = (statements: string[]) => statements.filter((sql) => sql.includes('session_check('));
const counters = (statements: string[]) => statements.filter((sql) => sql.includes('club_versions('));

describe('a session check kept by one process', () => {
  it('reads only the counters while no account changes, and sees a logout through the other process at once', async () => {
    const token = await writer.signIn('member');
    expect((await read(token)).statusCode).toBe(200);
    const kept = await recorded(async () => {
      for (let i = 0; i < 3; i++) expect((await read(token)).statusCode).toBe(200);
    });
    expect(checks(kept)).toEqual([]);
    expect(counters(kept)).toHaveLength(3);

    const logout = await writer.app.inject({
      method: 'POST',
      url: '/api/user/logout',
      headers: bearer(token),
    });
    expect(logout.statusCode).toBeLessThan(300);
    const after = await recorded(async () => expect((await read(token)).statusCode).toBe(401));
    expect(checks(after)).toHaveLength(1);
  });

  it('shares the counters among requests asking at once, and sees a revocation committed before any of them', async () => {
    const token = await writer.signIn('member');
    expect((await read(token)).statusCode).toBe(200);
    const together = await recorded(async () => {
      const answers = await Promise.all(Array.from({ length: 10 }, () => read(token)));
      expect(answers.map((answer) => answer.statusCode)).toEqual(Array(10).fill(200));
    });
    // One read on its way for the first, one after it for the nine that asked meanwhile.
    expect(counters(together)).toHaveLength(2);
    await writer.db.updateTable('users').set({ is_revoked: true }).where('username', '=', 'member').execute();
    const answers = await Promise.all(Array.from({ length: 10 }, () => read(token)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(10).fill(401));
    await writer.db
      .updateTable('users')
      .set({ is_revoked: false })
      .where('username', '=', 'member')
      .execute();
  });

  it('refuses at once an account revoked by hand through the other process', async () => {
    const token = await writer.signIn('member');
    await read(token);
    expect((await read(token)).statusCode).toBe(200);
    await writer.db.updateTable('users').set({ is_revoked: true }).where('username', '=', 'member').execute();
    expect((await read(token)).statusCode).toBe(401);
    await writer.db
      .updateTable('users')
      .set({ is_revoked: false })
      .where('username', '=', 'member')
      .execute();
  });

  it('shows a renamed account the way the other process left it', async () => {
    const token = await writer.signIn('member');
    const me = () => reader.app.inject({ method: 'GET', url: '/api/user/me', headers: bearer(token) });
    await me();
    expect((await me()).json().first_name).not.toBe('Léonie');
    await writer.db
      .updateTable('users')
      .set({ first_name: 'Léonie' })
      .where('username', '=', 'member')
      .execute();
    expect((await me()).json().first_name).toBe('Léonie');
  });
});
