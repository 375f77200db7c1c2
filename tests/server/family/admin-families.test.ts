import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY } from '../helpers/event-fixtures';
import { bearer, createTestContext, type TestContext } from '../helpers/test-context';

// Admins see every child and who added it (docs/rules.md#families): the members' list carries each child's
// guardian links, a court-ordered restriction included, and who made the first link.
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext({ env: { RATE_LIMIT_LOGIN: '1000' } });
});
afterAll(() => ctx.close());

describe("the Admins' list of members", () => {
  it('gives each child its guardian links and who added it; a member without guardians, neither key', async () => {
    const admin = await ctx.createUser('famadmin', 'Admin');
    const gwen = await ctx.createUser('famgwen', 'User');
    const yann = await ctx.createUser('famyann', 'User');
    const gwenToken = await ctx.signIn('famgwen');
    const adminToken = await ctx.signIn('famadmin');
    const born = new Date(ctx.clock.now.getTime() - 8 * 365 * DAY).toISOString().slice(0, 10);
    const lou = (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/family/children',
        headers: bearer(gwenToken),
        payload: { first_name: 'Lou', last_name: 'Admin', birth_date: born },
      })
    ).json().id as string;
    ctx.clock.now = new Date(ctx.clock.now.getTime() + 60_000); // the other parent is linked a minute later
    const call = (method: 'POST' | 'PUT', url: string, payload: object) =>
      ctx.app.inject({ method, url, headers: bearer(adminToken), payload });
    expect(
      (await call('POST', `/api/user/${lou}/guardians`, { email: 'famyann@example.org' })).statusCode,
    ).toBe(201);
    expect(
      (await call('PUT', `/api/user/${lou}/guardians/${yann.id}`, { restricted: true })).statusCode,
    ).toBe(200);

    const list = await ctx.app.inject({ method: 'GET', url: '/api/user', headers: bearer(adminToken) });
    expect(list.statusCode).toBe(200);
    const byId = new Map((list.json() as Array<{ id: string }>).map((user) => [user.id, user]));
    expect(byId.get(lou)).toMatchObject({
      birth_date: born,
      added_by: gwen.id,
      guardian_links: [
        { id: gwen.id, is_restricted: false },
        { id: yann.id, is_restricted: true },
      ],
    });
    expect(byId.get(admin.id)).not.toHaveProperty('guardian_links');
    expect(byId.get(gwen.id)).not.toHaveProperty('added_by');
  });
});
