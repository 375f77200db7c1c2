import type { EventDto } from '@common/contract/event';
import { eventSchema } from '@common/contract/event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createEvent,
  DAY,
  insertModel,
  joinWaitingList,
  members,
  subscribe,
} from '../helpers/event-fixtures';
import { bearer, createTestContext, type TestContext } from '../helpers/test-context';

type Person = { id: string; token: string; username: string };

// Who's coming (docs/rules.md#events): names, thumbnails, guests under their host and the waiting list in
// order, for any member while the club shows them; with `show_attendees` off a member's answers name nobody
// but the member and their guests, the counts staying right; a hidden member reaches other members as nobody
// in particular, never the organisers.
describe("who's coming", () => {
  let ctx: TestContext;
  let organiser: string;
  let admin: string;
  let model: string;
  let people: Person[];
  const member = (i: number) => people[i] as Person;

  beforeAll(async () => {
    ctx = await createTestContext({ env: { RATE_LIMIT_LOGIN: '1000' } });
    await ctx.createUser('orga', 'Contributor');
    await ctx.createUser('boss', 'Admin');
    organiser = await ctx.signIn('orga');
    admin = await ctx.signIn('boss');
    model = await insertModel(ctx, 'Kayak');
    people = await members(ctx, 'paddler', 4);
    await ctx.db
      .updateTable('users')
      .set({ first_name: 'Anne', last_name: 'Le Gall' })
      .where('id', '=', member(0).id)
      .execute();
  });
  afterAll(() => ctx.close());

  const invite = (who: Person, eventUuid: string, first_name: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/event/invite',
      headers: bearer(who.token),
      payload: { uuid_event: eventUuid, uuid_user: who.id, first_name, last_name: 'Invité' },
    });
  const readEvent = async (token: string, eventUuid: string): Promise<EventDto> => {
    const answer = await ctx.app.inject({
      method: 'GET',
      url: `/api/event/${eventUuid}`,
      headers: bearer(token),
    });
    expect(answer.statusCode).toBe(200);
    return eventSchema.parse(answer.json());
  };
  /** The week read (the kept answer) around the event, and the event in it. */
  const readWeek = async (token: string, event: EventDto) => {
    const day = (offset: number) =>
      new Date(new Date(event.start_date).getTime() + offset * DAY).toISOString().slice(0, 10);
    const answer = await ctx.app.inject({
      method: 'GET',
      url: `/api/event/from/${day(-1)}/to/${day(1)}`,
      headers: bearer(token),
    });
    expect(answer.statusCode).toBe(200);
    const found = (answer.json() as EventDto[]).find((e) => e.uuid_event === event.uuid_event);
    return { event: eventSchema.parse(found), etag: answer.headers.etag as string };
  };
  const setShowAttendees = async (value: boolean) => {
    const answer = await ctx.app.inject({
      method: 'PUT',
      url: '/api/internal/club-settings',
      headers: bearer(admin),
      payload: { show_attendees: value },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().show_attendees).toBe(value);
  };
  const hide = async (who: Person, hidden: boolean) => {
    const answer = await ctx.app.inject({
      method: 'PUT',
      url: `/api/user/profile/update/${who.id}`,
      headers: bearer(who.token),
      payload: { hidden_from_members: hidden },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().hidden_from_members).toBe(hidden);
  };

  /** A full event: members 0 and 1 in (0 with a guest), 2 then 3 waiting. */
  async function fullEvent(): Promise<EventDto> {
    const event = await createEvent(ctx, organiser, model, { max: 3 });
    expect((await subscribe(ctx, member(0).token, member(0).id, event.uuid_event)).statusCode).toBe(200);
    expect((await invite(member(0), event.uuid_event, 'Lou')).statusCode).toBe(200);
    expect((await subscribe(ctx, member(1).token, member(1).id, event.uuid_event)).statusCode).toBe(200);
    expect((await joinWaitingList(ctx, member(2), event.uuid_event)).statusCode).toBe(200);
    expect((await joinWaitingList(ctx, member(3), event.uuid_event)).statusCode).toBe(200);
    return event;
  }

  it('shows every member the names, thumbnails, guests under their host and the line in order', async () => {
    const event = await fullEvent();
    for (const read of [
      readEvent(member(3).token, event.uuid_event),
      readWeek(member(3).token, event).then((w) => w.event),
    ]) {
      const seen = await read;
      expect(seen.attendees_limited).toBe(false);
      expect(seen.subcribers_count).toBe(3);
      const anne = seen.subscribers_with_stuff.find((s) => s.id === member(0).id);
      expect(anne).toMatchObject({
        username: member(0).username,
        first_name: 'Anne',
        last_name: 'Le Gall',
        thumbnail_url: `/files/profile/thumbnail-${member(0).id}.png`,
        is_hidden: false,
      });
      expect(seen.invite_list.map((g) => [g.uuid_user, g.first_name])).toEqual([[member(0).id, 'Lou']]);
      expect(seen.waiting_list.map((w) => [w.uuid_user, w.position])).toEqual([
        [member(2).id, 1],
        [member(3).id, 2],
      ]);
    }
  });

  it('hides a member who asks from other members, with their guest under an alias, never from organisers', async () => {
    const event = await fullEvent();
    const before = await readWeek(member(1).token, event);
    await hide(member(0), true);

    const other = await readWeek(member(1).token, event);
    expect(other.etag).not.toBe(before.etag);
    const hidden = other.event.subscribers_with_stuff.find((s) => s.is_hidden);
    expect(hidden).toMatchObject({ username: '', first_name: null, last_name: null, thumbnail_url: null });
    expect(hidden?.id).not.toBe(member(0).id);
    expect(JSON.stringify(other.event)).not.toContain(member(0).id);
    expect(JSON.stringify(other.event)).not.toContain('Anne');
    expect(other.event.invite_list).toEqual([
      expect.objectContaining({ uuid_user: hidden?.id, first_name: '' }),
    ]);
    expect(other.event.subcribers_count).toBe(3);

    // The member themself, the event's creator and an Admin see the name.
    for (const token of [member(0).token, organiser, admin]) {
      const seen = (await readWeek(token, event)).event.subscribers_with_stuff.find(
        (s) => s.id === member(0).id,
      );
      expect(seen).toMatchObject({ username: member(0).username, first_name: 'Anne' });
    }
    const byMember2 = await readEvent(member(2).token, event.uuid_event);
    expect(byMember2.subscribers_with_stuff.filter((s) => s.is_hidden)).toHaveLength(1);
    expect(byMember2.subscribers_with_stuff.map((s) => s.id)).toContain(member(1).id);
    await hide(member(0), false);
    expect((await readWeek(member(1).token, event)).event.subscribers_with_stuff.map((s) => s.id)).toContain(
      member(0).id,
    );
  });

  it('with show_attendees off, names only the member and their guests to them, counts and position kept', async () => {
    const event = await fullEvent();
    await setShowAttendees(false);
    try {
      const host = await readWeek(member(0).token, event);
      expect(host.event.attendees_limited).toBe(true);
      expect(host.event.subscribers_with_stuff.map((s) => s.id)).toEqual([member(0).id]);
      expect(host.event.invite_list.map((g) => g.first_name)).toEqual(['Lou']);
      expect(host.event.waiting_list).toEqual([]);
      expect(host.event.subcribers_count).toBe(3);

      const waiting = await readEvent(member(3).token, event.uuid_event);
      expect(waiting.subscribers_with_stuff).toEqual([]);
      expect(waiting.invite_list).toEqual([]);
      expect(waiting.waiting_list.map((w) => [w.uuid_user, w.position])).toEqual([[member(3).id, 2]]);

      // Answers to a write are shaped the same way.
      const left = await subscribe(ctx, member(1).token, member(1).id, event.uuid_event, undefined, false);
      expect(left.statusCode).toBe(200);
      expect(left.json().subscribers_with_stuff).toEqual([]);
      expect(left.json().subcribers_count).toBe(3); // member 2 was promoted into the freed place

      for (const token of [organiser, admin]) {
        const full = await readWeek(token, event);
        expect(full.event.attendees_limited).toBe(false);
        expect(full.event.subscribers_with_stuff.map((s) => s.id).sort()).toEqual(
          [member(0).id, member(2).id].sort(),
        );
      }
    } finally {
      await setShowAttendees(true);
    }
    expect((await readWeek(member(3).token, event)).event.subscribers_with_stuff).toHaveLength(2);
  });

  it('the setting and the choice to hide are readable and default to showing', async () => {
    const settings = await ctx.app.inject({
      method: 'GET',
      url: '/api/internal/club-settings',
      headers: bearer(admin),
    });
    expect(settings.json().show_attendees).toBe(true);
    const profile = await ctx.app.inject({
      method: 'GET',
      url: `/api/user/profile/${member(2).id}`,
      headers: bearer(member(2).token),
    });
    expect(profile.json().hidden_from_members).toBe(false);
    const refused = await ctx.app.inject({
      method: 'PUT',
      url: '/api/internal/club-settings',
      headers: bearer(member(2).token),
      payload: { show_attendees: false },
    });
    expect(refused.statusCode).toBe(403);
  });
});
