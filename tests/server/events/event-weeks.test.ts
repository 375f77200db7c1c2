import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertModel } from '../helpers/event-fixtures';
import { bearer, createTestContext, type TestContext } from '../helpers/test-context';

/** Weeks are club weeks (Europe/Paris), Monday 00:00 to Sunday 24:00 local, across the changes of time. */
let ctx: TestContext;
let token: string;
let model: string;

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.createUser('orga', 'Contributor');
  token = await ctx.signIn('orga');
  model = await insertModel(ctx);
  ctx.clock.now = new Date('2026-01-01T00:00:00Z');
});
afterAll(() => ctx.close());

async function event(label: string, start: string, end: string): Promise<void> {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/event/add-or-update',
    headers: bearer(token),
    payload: { uuid_model_event: model, start_date: start, end_date: end, street: label, max_subscribers: 5 },
  });
  expect(response.statusCode).toBe(200);
}
const week = async (from: string, to: string) => {
  const response = await ctx.app.inject({
    method: 'GET',
    url: `/api/event/from/${from}/to/${to}`,
    headers: bearer(token),
  });
  return response.json().map((e: { street: string }) => e.street);
};

describe('events by club week across the changes of time', () => {
  it('the last Sunday of March (clocks go forward) ends the week at 24:00 local', async () => {
    await event('march-sunday-late', '2026-03-29T23:30:00+02:00', '2026-03-29T23:50:00+02:00');
    await event('march-monday-early', '2026-03-30T00:30:00+02:00', '2026-03-30T01:00:00+02:00');
    await event('march-across-midnight', '2026-03-29T22:00:00+02:00', '2026-03-30T02:00:00+02:00');
    await event('march-monday-start', '2026-03-23T00:10:00+01:00', '2026-03-23T00:20:00+01:00');
    await event('march-sunday-before', '2026-03-22T23:50:00+01:00', '2026-03-22T23:59:00+01:00');
    expect(await week('2026-03-23', '2026-03-29')).toEqual([
      'march-monday-start',
      'march-across-midnight',
      'march-sunday-late',
    ]);
    expect(await week('2026-03-30', '2026-04-05')).toEqual(['march-across-midnight', 'march-monday-early']);
  });

  it('the last Sunday of October (clocks go back) is 25 hours long and all of it is in the week', async () => {
    await event('october-sunday-late', '2026-10-25T23:30:00+01:00', '2026-10-25T23:50:00+01:00');
    await event('october-monday-early', '2026-10-26T00:15:00+01:00', '2026-10-26T00:45:00+01:00');
    await event('october-repeated-hour', '2026-10-25T02:30:00+01:00', '2026-10-25T02:45:00+01:00');
    expect(await week('2026-10-19', '2026-10-25')).toEqual(['october-repeated-hour', 'october-sunday-late']);
    expect(await week('2026-10-26', '2026-11-01')).toEqual(['october-monday-early']);
  });

  it('a single day works, and a range ending before it starts is refused', async () => {
    expect(await week('2026-10-25', '2026-10-25')).toEqual(['october-repeated-hour', 'october-sunday-late']);
    const reversed = await ctx.app.inject({
      method: 'GET',
      url: '/api/event/from/2026-10-26/to/2026-10-20',
      headers: bearer(token),
    });
    expect(reversed.json()).toMatchObject({ code: 'invalid_input', field: 'to' });
    const notADate = await ctx.app.inject({
      method: 'GET',
      url: '/api/event/from/2026-13-40/to/2026-10-20',
      headers: bearer(token),
    });
    expect(notADate.json()).toMatchObject({ code: 'invalid_input', field: 'from' });
  });
});
