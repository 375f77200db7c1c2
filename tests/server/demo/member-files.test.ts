import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DemoClient } from '../../../server/demo/demo-client';
import {
  DEMO_FILE_STATES,
  DEMO_LICENCE_TYPES,
  type DemoAdult,
  demoBirthDate,
  recordMemberFiles,
} from '../../../server/demo/member-files';
import { clubDayOf } from '../../../src/common/rules/club-time';
import { addDays } from '../../../src/common/rules/member-file-days';
import { bearer, createTestContext, type TestContext } from '../helpers/test-context';

// The demo club's members' files (docs/rules.md#members-file): written through the API as the seed writes them,
// one member in each state the rule answers, a child with the questionnaire attestation their parent signed.
let ctx: TestContext;
const people = new Map<string, DemoAdult>();
let childId = '';

async function adult(username: string, role: 'User' | 'Admin' | 'SuperAdmin', index: number) {
  const { id } = await ctx.createUser(username, role);
  const birthDate = demoBirthDate(username, index);
  const [first_name = '', last_name = ''] = username.split('.');
  await ctx.db
    .updateTable('users')
    .set({ first_name, last_name, birth_date: birthDate })
    .where('id', '=', id)
    .execute();
  people.set(username, { id, username, first_name, last_name, token: await ctx.signIn(username) });
}

beforeAll(async () => {
  ctx = await createTestContext({ env: { RATE_LIMIT_LOGIN: '1000', RATE_LIMIT_WRITES: '10000' } });
  const usernames = ['claire.morvan', 'yann.legall', 'nolwenn.lebihan', 'yannick.donnart'];
  await adult('claire.morvan', 'SuperAdmin', 0);
  await adult('yann.legall', 'Admin', 1);
  for (const [index, username] of [...usernames.slice(2), ...Object.values(DEMO_FILE_STATES)].entries())
    await adult(username, 'User', index + 2);
  const guardian = people.get('yannick.donnart') as DemoAdult;
  const child = await ctx.app.inject({
    method: 'POST',
    url: '/api/family/children',
    headers: bearer(guardian.token),
    payload: {
      first_name: 'Lou',
      last_name: 'Donnart',
      birth_date: `${new Date().getUTCFullYear() - 9}-03-03`,
    },
  });
  expect(child.statusCode).toBe(201);
  childId = child.json<{ id: string }>().id;
  await recordMemberFiles(new DemoClient(ctx.app), {
    today: clubDayOf(ctx.clock.now, 'Europe/Paris'),
    people,
    children: [{ id: childId, guardian: 'yannick.donnart' }],
  });
});
afterAll(() => ctx.close());

describe('the demo members’ files', () => {
  it('puts one member in each state, and the others (the staff, a child) complete', async () => {
    const admin = people.get('yann.legall') as DemoAdult;
    const answer = await ctx.app.inject({
      method: 'GET',
      url: '/api/user/dossiers-to-settle',
      headers: bearer(admin.token),
    });
    expect(answer.statusCode).toBe(200);
    const entries = answer.json<Array<{ id: string; status: string; reasons: string[]; ends_on: string }>>();
    const idOf = (username: string) => people.get(username)?.id;
    const stateOf = (username: string) => {
      const entry = entries.find((e) => e.id === idOf(username));
      return entry && { status: entry.status, reasons: entry.reasons };
    };
    expect(stateOf(DEMO_FILE_STATES.soon)).toEqual({ status: 'soon', reasons: [] });
    expect(entries.find((e) => e.id === idOf(DEMO_FILE_STATES.soon))?.ends_on).toBe(
      addDays(clubDayOf(ctx.clock.now, 'Europe/Paris'), 20),
    );
    expect(stateOf(DEMO_FILE_STATES.missing)).toEqual({ status: 'missing', reasons: ['health_missing'] });
    expect(stateOf(DEMO_FILE_STATES.expired)).toEqual({ status: 'expired', reasons: ['licence_expired'] });
    expect(stateOf(DEMO_FILE_STATES.unknown)).toEqual({ status: 'unknown', reasons: ['birth_date_missing'] });
    expect(stateOf(DEMO_FILE_STATES.caciRequired)).toEqual({ status: 'missing', reasons: ['caci_required'] });
    // Everyone else is complete, the child included, so only those five are listed.
    expect(entries).toHaveLength(5);
    expect(entries.map((e) => e.id)).not.toContain(childId);
  });

  it("names the club's licence types and records the child's attestation as their parent's", async () => {
    const admin = people.get('yann.legall') as DemoAdult;
    const settings = await ctx.app.inject({
      method: 'GET',
      url: '/api/internal/club-settings',
      headers: bearer(admin.token),
    });
    expect(settings.json().licence_types).toEqual(DEMO_LICENCE_TYPES);
    const file = await ctx.app.inject({
      method: 'GET',
      url: `/api/user/${childId}/member-file`,
      headers: bearer((people.get('yannick.donnart') as DemoAdult).token),
    });
    expect(file.statusCode).toBe(200);
    expect(file.json().licences[0]).toMatchObject({ type: 'Canoë Pass Jeune' });
    expect(file.json().health_items).toEqual([
      expect.objectContaining({
        kind: 'minor_questionnaire',
        signed_by: 'yannick donnart',
        recorded_by_admin: false,
      }),
    ]);
  });
});
