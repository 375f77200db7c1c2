import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eraseOldGuestData } from '../../../server/modules/participation/guests.service';
import {
  createEvent,
  DAY,
  insertStuff,
  type Member,
  organiserContext,
  subscribe,
} from '../helpers/event-fixtures';
import { bearer, type TestContext } from '../helpers/test-context';

let ctx: TestContext;
let organiser: string;
let model: string;
let people: Member[];

beforeAll(async () => {
  ({ ctx, organiser, model, people } = await organiserContext({ prefix: 'diver', count: 3 }));
});
afterAll(() => ctx.close());

const p = (i: number) => people[i] as Member;
const mails = (kind: string) =>
  ctx.db
    .selectFrom('mail_queue')
    .select(['to_address', 'subject', 'body_text'])
    .where('kind', '=', kind)
    .orderBy('to_address')
    .execute();
const clearMail = () => ctx.db.deleteFrom('mail_queue').execute();
const save = (event: Record<string, unknown>, changes: object) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/event/add-or-update',
    headers: bearer(organiser),
    payload: {
      uuid_event: event.uuid_event,
      uuid_model_event: model,
      start_date: event.start_date,
      end_date: event.end_date,
      city: event.city,
      zip_code: event.zip_code,
      max_subscribers: event.max_subscribers,
      stuffs_available: (event.stuffs_available as Array<{ uuid: string }>).map((s) => ({ uuid: s.uuid })),
      ...changes,
    },
  });

describe('event notifications', () => {
  it('tells subscribers of a real change only, not of a save with no change', async () => {
    const event = await createEvent(ctx, organiser, model);
    await subscribe(ctx, p(0).token, p(0).id, event.uuid_event);
    await clearMail();
    await save(event, {});
    expect(await mails('event_update')).toEqual([]);
    await save(event, { city: 'Lorient' });
    expect((await mails('event_update')).map((m) => m.to_address)).toEqual(['diver0@example.org']);
  });

  it('removing a stuff keeps its holders subscribed on their own equipment and tells them', async () => {
    const paddle = await insertStuff(ctx, 'Pagaie', 3);
    const event = await createEvent(ctx, organiser, model, { stuffs: [paddle] });
    await subscribe(ctx, p(0).token, p(0).id, event.uuid_event, paddle);
    await subscribe(ctx, p(1).token, p(1).id, event.uuid_event);
    await clearMail();
    const updated = (await save(event, { stuffs_available: [] })).json();
    expect(updated.subscribers_with_stuff.map((s: { stuff_name: string }) => s.stuff_name)).toEqual([
      'default_name',
      'default_name',
    ]);
    const told = await mails('stuff_unavailable');
    expect(told.map((m) => m.to_address)).toEqual(['diver0@example.org']);
    expect(told[0]?.body_text).toContain('Pagaie');
  });

  it('removing a stuff tells the members whose guests held it too, naming the guests, once each', async () => {
    const board = await insertStuff(ctx, 'Planche', 5);
    const event = await createEvent(ctx, organiser, model, { stuffs: [board], max: 10 });
    const invite = (host: number, first_name: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/event/invite',
        headers: bearer(p(host).token),
        payload: {
          uuid_event: event.uuid_event,
          uuid_user: p(host).id,
          first_name,
          last_name: 'Invité',
          uuid_stuff: board,
        },
      });
    // diver0 holds it; diver1 does not, but brought two guests who do; diver2 holds it and brought one.
    await subscribe(ctx, p(0).token, p(0).id, event.uuid_event, board);
    await subscribe(ctx, p(1).token, p(1).id, event.uuid_event);
    await subscribe(ctx, p(2).token, p(2).id, event.uuid_event, board);
    for (const [host, name] of [
      [1, 'Léa'],
      [1, 'Tom'],
      [2, 'Noé'],
    ] as const)
      expect((await invite(host, name)).statusCode).toBe(200);
    await clearMail();

    const updated = (await save(event, { stuffs_available: [] })).json();

    expect(updated.invite_list.map((g: { uuid_stuff: string | null }) => g.uuid_stuff)).toEqual([
      null,
      null,
      null,
    ]);
    const told = await mails('stuff_unavailable');
    expect(told.map((m) => m.to_address)).toEqual([
      'diver0@example.org',
      'diver1@example.org',
      'diver2@example.org',
    ]);
    const [own, guestsOnly, both] = told.map((m) => m.body_text);
    expect(own).toContain('Votre place est conservée, avec votre propre matériel.');
    expect(own).not.toContain('invité');
    expect(guestsOnly).toContain(
      'Les places de vos invités Léa Invité et Tom Invité sont conservées, avec leur propre matériel.',
    );
    expect(guestsOnly).not.toContain('Votre place est conservée');
    expect(both).toContain(
      'Votre place est conservée, avec votre propre matériel. La place de votre invité Noé Invité est conservée',
    );
  });

  it('a cancellation reaches subscribers, their guests with an email, and the waiting list', async () => {
    const event = await createEvent(ctx, organiser, model, { max: 2 });
    await subscribe(ctx, p(0).token, p(0).id, event.uuid_event);
    await ctx.app.inject({
      method: 'POST',
      url: '/api/event/invite',
      headers: bearer(p(0).token),
      payload: {
        uuid_event: event.uuid_event,
        uuid_user: p(0).id,
        first_name: 'Ami',
        last_name: 'Mer',
        email: 'ami@example.org',
      },
    });
    await ctx.app.inject({
      method: 'POST',
      url: '/api/event/waiting-list',
      headers: bearer(p(1).token),
      payload: { uuid_event: event.uuid_event, uuid_user: p(1).id },
    });
    await clearMail();
    await save(event, { is_cancelled: true });
    expect((await mails('event_cancellation')).map((m) => m.to_address)).toEqual([
      'ami@example.org',
      'diver0@example.org',
      'diver1@example.org',
    ]);
  });

  it('a group email is one message per subscriber', async () => {
    const event = await createEvent(ctx, organiser, model);
    for (const i of [0, 1, 2]) await subscribe(ctx, p(i).token, p(i).id, event.uuid_event);
    await clearMail();
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/event/mail',
      headers: bearer(organiser),
      payload: {
        event_uuid: event.uuid_event,
        subject_base64: Buffer.from('Marée basse').toString('base64'),
        message_base64: Buffer.from('Rendez-vous à 7 h à la cale.').toString('base64'),
      },
    });
    expect(response.json()).toEqual({ ok: true });
    const sent = await mails('group_email');
    expect(sent.map((m) => m.to_address)).toEqual([
      'diver0@example.org',
      'diver1@example.org',
      'diver2@example.org',
    ]);
    expect(
      sent.every(
        (m) => m.subject === 'Marée basse' && m.body_text.startsWith('Rendez-vous à 7 h à la cale.'),
      ),
    ).toBe(true);
  });

  it("erases guests' email, phone and age 30 days after the event, not before", async () => {
    const event = await createEvent(ctx, organiser, model);
    await subscribe(ctx, p(2).token, p(2).id, event.uuid_event);
    await ctx.app.inject({
      method: 'POST',
      url: '/api/event/invite',
      headers: bearer(p(2).token),
      payload: {
        uuid_event: event.uuid_event,
        uuid_user: p(2).id,
        first_name: 'Léa',
        last_name: 'Port',
        email: 'lea@example.org',
        phone: '0600000000',
        age: 30,
      },
    });
    const guest = () =>
      ctx.db
        .selectFrom('guests')
        .select(['first_name', 'email', 'phone', 'age'])
        .where('event_uuid', '=', event.uuid_event)
        .executeTakeFirstOrThrow();
    const end = new Date(event.end_date).getTime();
    await eraseOldGuestData(ctx.db, new Date(end + 29 * DAY));
    expect(await guest()).toMatchObject({ email: 'lea@example.org', age: 30 });
    await eraseOldGuestData(ctx.db, new Date(end + 31 * DAY));
    expect(await guest()).toEqual({ first_name: 'Léa', email: null, phone: null, age: null });
  });
});
