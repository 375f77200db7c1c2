import type { EventDto } from '@common/contract/event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent, DAY, insertModel, members, subscribe } from '../helpers/event-fixtures';
import { bearer, createTestContext, type TestContext } from '../helpers/test-context';

// A guardian's week (docs/rules.md#families): one read, each of their children's answers in it as their
// own — with the club's `show_attendees` off, and for a child hidden from members — while a restricted
// guardian finds the child as « Un membre » and the guardian of a grown-up child sees them as anyone.
let ctx: TestContext;
let model: string;
let adminToken: string;

beforeAll(async () => {
  ctx = await createTestContext({ env: { RATE_LIMIT_LOGIN: '1000' } });
  model = await insertModel(ctx);
  await ctx.createUser('weekadmin', 'Admin');
  adminToken = await ctx.signIn('weekadmin');
});
afterAll(() => ctx.close());

const birthDateAged = (years: number) => {
  const day = new Date(ctx.clock.now.getTime() - 2 * DAY);
  day.setUTCFullYear(day.getUTCFullYear() - years);
  return day.toISOString().slice(0, 10);
};

/** Links `childId` to `guardianId` as the Admins would, with a birth date `age` years ago. */
async function guard(guardianId: string, childId: string, age: number, restricted = false) {
  await ctx.db
    .updateTable('users')
    .set({ birth_date: birthDateAged(age) })
    .where('id', '=', childId)
    .execute();
  await ctx.db
    .insertInto('guardianships')
    .values({
      child_id: childId,
      guardian_id: guardianId,
      created_by: guardianId,
      created_at: ctx.clock.now,
      is_restricted: restricted,
    })
    .execute();
}

async function settle(path: string, payload: object) {
  const answer = await ctx.app.inject({ method: 'PUT', url: path, headers: bearer(adminToken), payload });
  expect(answer.statusCode).toBe(200);
}

async function weekEvent(token: string, eventUuid: string, start: string): Promise<EventDto> {
  const day = (shift: number) => new Date(new Date(start).getTime() + shift * DAY).toISOString().slice(0, 10);
  const answer = await ctx.app.inject({
    method: 'GET',
    url: `/api/event/from/${day(-1)}/to/${day(1)}`,
    headers: bearer(token),
  });
  expect(answer.statusCode).toBe(200);
  return (answer.json() as EventDto[]).find((e) => e.uuid_event === eventUuid) as EventDto;
}

describe("a guardian's week", () => {
  it("with who's coming off, a guardian still reads each child's answer; a stranger reads neither", async () => {
    const organiser = (await members(ctx, 'wkorg', 1))[0];
    await ctx.db
      .updateTable('users')
      .set({ role_name: 'Contributor' })
      .where('id', '=', organiser?.id ?? '')
      .execute();
    const [parent, lou, nina, other, stranger] = await members(ctx, 'wkfam', 5);
    if (!organiser || !parent || !lou || !nina || !other || !stranger) throw new Error('members');
    await guard(parent.id, lou.id, 9);
    await guard(parent.id, nina.id, 12);
    const event = await createEvent(ctx, organiser.token, model, { startInMs: 3 * DAY });
    for (const child of [lou, nina]) {
      expect((await subscribe(ctx, parent.token, child.id, event.uuid_event)).statusCode).toBe(200);
    }
    expect((await subscribe(ctx, other.token, other.id, event.uuid_event)).statusCode).toBe(200);
    await ctx.db.updateTable('users').set({ hidden_from_members: true }).where('id', '=', nina.id).execute();
    await settle('/api/internal/club-settings', { show_attendees: false });
    try {
      // A fresh token: the session carries the links as they are when it is read.
      const seen = await weekEvent(await ctx.signIn(parent.username), event.uuid_event, event.start_date);
      const ids = seen.subscribers_with_stuff.map((s) => s.id).sort();
      expect(ids).toEqual([lou.id, nina.id].sort());
      expect(seen.subscribers_with_stuff.find((s) => s.id === nina.id)?.is_hidden).toBe(true);
      expect(seen.subcribers_count).toBe(3);

      const strangers = await weekEvent(stranger.token, event.uuid_event, event.start_date);
      expect(strangers.subscribers_with_stuff).toEqual([]);
      expect(strangers.subcribers_count).toBe(3);

      // The sheet's read says the same.
      const sheet = await ctx.app.inject({
        method: 'GET',
        url: `/api/event/${event.uuid_event}`,
        headers: bearer(parent.token),
      });
      expect((sheet.json() as EventDto).subscribers_with_stuff.map((s) => s.id).sort()).toEqual(ids);
    } finally {
      await settle('/api/internal/club-settings', { show_attendees: true });
    }
  });

  it('a restricted guardian reads the child as « Un membre »; the guardian of an adult, as anyone', async () => {
    const [organiser, kept, lou, once, grown] = await members(ctx, 'wkrst', 5);
    if (!organiser || !kept || !lou || !once || !grown) throw new Error('members');
    await ctx.db
      .updateTable('users')
      .set({ role_name: 'Contributor' })
      .where('id', '=', organiser.id)
      .execute();
    await ctx.db.updateTable('users').set({ first_name: 'Lou' }).where('id', '=', lou.id).execute();
    await guard(kept.id, lou.id, 9, true);
    await guard(once.id, grown.id, 19);
    await ctx.db.updateTable('users').set({ hidden_from_members: true }).where('id', '=', grown.id).execute();
    const event = await createEvent(ctx, organiser.token, model, { startInMs: 4 * DAY });
    for (const member of [lou, grown]) {
      expect((await subscribe(ctx, member.token, member.id, event.uuid_event)).statusCode).toBe(200);
    }

    const keptAway = await weekEvent(kept.token, event.uuid_event, event.start_date);
    expect(keptAway.subscribers_with_stuff).toHaveLength(2);
    expect(JSON.stringify(keptAway)).not.toContain(lou.id);
    expect(JSON.stringify(keptAway)).not.toContain('Lou');

    // 19: the guardian's rights ended; the hidden member stays hidden to them.
    const formerGuardian = await weekEvent(once.token, event.uuid_event, event.start_date);
    expect(JSON.stringify(formerGuardian)).not.toContain(grown.id);
  });
});
