import type { PushMessage } from '@common/contract/push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMENT_MAIL_GRACE_MS } from '../../../server/modules/comments/comment-notices';
import {
  createEvent,
  DAY,
  HOUR,
  insertModel,
  type Member,
  members,
  subscribe,
} from '../helpers/event-fixtures';
import { addPushDevice } from '../helpers/push-devices';
import { bearer, createTestContext, type TestContext } from '../helpers/test-context';

// Who is told of a comment (docs/rules.md#talking-around-an-event): a push at once to those subscribed or waiting,
// the organisers and earlier writers, never the author; a mail at most once an hour per member and event that
// gathers what was written meanwhile; a guardian writing for a child; text never HTML anywhere.
let ctx: TestContext;
let model: string;

beforeAll(async () => {
  ctx = await createTestContext({ env: { RATE_LIMIT_LOGIN: '1000' } });
  model = await insertModel(ctx, 'Kayak de mer');
});
afterAll(() => ctx.close());

const post = (token: string, eventUuid: string, payload: object) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/event/${eventUuid}/comments`,
    headers: bearer(token),
    payload,
  });
const later = (ms: number) => {
  ctx.clock.now = new Date(ctx.clock.now.getTime() + ms);
};
async function named(member: Member, first_name: string, extra: object = {}) {
  await ctx.db
    .updateTable('users')
    .set({ first_name, last_name: 'Kerhervé', ...extra })
    .where('id', '=', member.id)
    .execute();
}
const pushesTo = async (userId: string) => {
  const rows = await ctx.db
    .selectFrom('push_queue')
    .innerJoin('push_subscriptions', 'push_subscriptions.id', 'push_queue.subscription_id')
    .select('push_queue.payload')
    .where('push_subscriptions.user_id', '=', userId)
    .execute();
  return rows.map((r) => JSON.parse(r.payload) as PushMessage);
};
const commentMails = async (to: string) => {
  await ctx.mail.runOnce();
  return ctx.db
    .selectFrom('mail_queue')
    .select(['subject', 'body_text', 'body_html', 'list_unsubscribe', 'status'])
    .where('kind', '=', 'event_comments')
    .where('to_address', '=', to)
    .orderBy('created_at')
    .execute();
};

describe('a new comment', () => {
  let organiser: Member;
  let coming: Member;
  let waiting: Member;
  let stranger: Member;
  let eventUuid: string;

  beforeAll(async () => {
    [organiser, coming, waiting, stranger] = (await members(ctx, 'told', 4)) as [
      Member,
      Member,
      Member,
      Member,
    ];
    await ctx.db
      .updateTable('users')
      .set({ role_name: 'Contributor' })
      .where('id', '=', organiser.id)
      .execute();
    await named(organiser, 'Maëlle');
    await named(coming, 'Gwen');
    await named(waiting, 'Yann');
    await named(stranger, 'Soizic');
    for (const member of [organiser, coming, waiting, stranger]) await addPushDevice(ctx, member.id);
    const event = await createEvent(ctx, organiser.token, model, { max: 1, startInMs: 3 * DAY });
    eventUuid = event.uuid_event;
    expect((await subscribe(ctx, coming.token, coming.id, eventUuid)).statusCode).toBe(200);
    const wait = await ctx.app.inject({
      method: 'POST',
      url: '/api/event/waiting-list',
      headers: bearer(waiting.token),
      payload: { uuid_event: eventUuid, uuid_user: waiting.id },
    });
    expect(wait.statusCode).toBe(200);
    await ctx.db.deleteFrom('push_queue').execute();
  });

  it('is pushed at once to those subscribed, waiting and the organiser, never to the author or others', async () => {
    expect(
      (await post(coming.token, eventUuid, { text: 'Qui amène la remorque ? <script>x</script>' }))
        .statusCode,
    ).toBe(201);
    expect(await pushesTo(coming.id)).toEqual([]);
    expect(await pushesTo(stranger.id)).toEqual([]);
    for (const member of [organiser, waiting]) {
      const [push] = await pushesTo(member.id);
      expect(push?.title).toContain('Kayak de mer');
      expect(push?.body).toBe('Gwen Kerhervé : Qui amène la remorque ? <script>x</script>');
      expect(push?.url).toBe(`/event/${eventUuid}#comments`);
      expect(push?.tag).toBe(`comments-${eventUuid}`);
    }
  });

  it('then tells a later writer too, and gathers the comments of an hour into one mail per member', async () => {
    await ctx.db.deleteFrom('push_queue').execute();
    later(60_000);
    expect((await post(stranger.token, eventUuid, { text: 'Moi, je peux !' })).statusCode).toBe(201);
    expect(await pushesTo(coming.id)).toHaveLength(1);
    expect(await commentMails(`${coming.username}@example.org`)).toEqual([]);
    later(COMMENT_MAIL_GRACE_MS);
    const [first, ...none] = await commentMails(`${waiting.username}@example.org`);
    expect(none).toEqual([]);
    expect(first?.subject).toContain('2 nouveaux messages');
    expect(first?.body_text).toContain('Gwen Kerhervé');
    expect(first?.body_text).toContain('> Qui amène la remorque ? <script>x</script>');
    expect(first?.body_text).toContain('> Moi, je peux !');
    expect(first?.body_html).toContain('&lt;script&gt;');
    expect(first?.body_html).not.toContain('<script>');
    expect(first?.body_html).toContain('Voir la discussion');
    expect(first?.body_html).toContain(`/event/${eventUuid}#comments`);
    expect(first?.list_unsubscribe).toBeTruthy();
    // The author of both is not told of their own; Gwen hears only of Soizic's.
    const [toGwen] = await commentMails(`${coming.username}@example.org`);
    expect(toGwen?.body_text).toContain('Moi, je peux !');
    expect(toGwen?.body_text).not.toContain('remorque');

    // Within the hour: pushed at once, mailed only an hour after the last mail.
    later(5 * 60_000);
    expect((await post(organiser.token, eventUuid, { text: 'Départ 9 h du club' })).statusCode).toBe(201);
    later(COMMENT_MAIL_GRACE_MS);
    expect(await commentMails(`${waiting.username}@example.org`)).toHaveLength(1);
    later(HOUR);
    const mails = await commentMails(`${waiting.username}@example.org`);
    expect(mails).toHaveLength(2);
    expect(mails[1]?.subject).toContain('Nouveau message');
    expect(mails[1]?.body_text).toContain('Départ 9 h du club');
    expect(mails[1]?.body_text).not.toContain('Moi, je peux');
  });

  it('is not mailed to a member who switched « Discussions » off, and not pushed either', async () => {
    const put = await ctx.app.inject({
      method: 'PUT',
      url: `/api/user/preference/${waiting.id}`,
      headers: bearer(waiting.token),
      payload: { setting: { name: 'event_comments', active: false } },
    });
    expect(put.statusCode).toBe(200);
    await ctx.db.deleteFrom('push_queue').execute();
    later(2 * HOUR);
    expect((await post(coming.token, eventUuid, { text: 'Encore une question' })).statusCode).toBe(201);
    expect(await pushesTo(waiting.id)).toEqual([]);
    later(2 * HOUR);
    expect(await commentMails(`${waiting.username}@example.org`)).toHaveLength(2);
  });
});

describe('a member hidden from others', () => {
  it('is « Un membre » in the push to members and named to the organiser', async () => {
    const [organiser, shy, reader] = (await members(ctx, 'hide', 3)) as [Member, Member, Member];
    await ctx.db
      .updateTable('users')
      .set({ role_name: 'Contributor' })
      .where('id', '=', organiser.id)
      .execute();
    await named(shy, 'Anne', { hidden_from_members: true });
    for (const member of [organiser, reader]) await addPushDevice(ctx, member.id);
    const event = await createEvent(ctx, organiser.token, model);
    await subscribe(ctx, reader.token, reader.id, event.uuid_event);
    expect((await post(shy.token, event.uuid_event, { text: 'Je viens' })).statusCode).toBe(201);
    expect((await pushesTo(reader.id))[0]?.body).toBe('Un membre : Je viens');
    expect((await pushesTo(organiser.id))[0]?.body).toBe('Anne Kerhervé : Je viens');
  });
});
