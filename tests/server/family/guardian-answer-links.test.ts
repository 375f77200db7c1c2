import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerUrl } from '../../../server/mail/answer-links';
import { readLinkSecret } from '../../../server/modules/notifications/unsubscribe-links';
import { createEvent, DAY, holdsPlace, insertModel, organiserAndMembers } from '../helpers/event-fixtures';
import { mailPart, type SmtpSink, startSmtpSink } from '../helpers/smtp-sink';
import { bearer, createTestContext, type TestContext } from '../helpers/test-context';

// Answer links in a guardian's copy (docs/rules.md#families): named for the child, signed over the guardian,
// acting for the child only while that guardian may: a restricted guardian's old link says nothing of the
// child; from the child's 18th birthday it is refused; a link moved to another guardian is not valid.
const PUBLIC_URL = 'https://club.example.org';
let ctx: TestContext;
let sink: SmtpSink;
let model: string;

beforeAll(async () => {
  sink = await startSmtpSink();
  ctx = await createTestContext({ env: { SMTP_URL: sink.url, PUBLIC_URL, RATE_LIMIT_LOGIN: '1000' } });
  model = await insertModel(ctx);
});
afterAll(async () => {
  await ctx.close();
  await sink.close();
});

/** A guardian (named Gwen Le Bihan) and a child without a login, `age` years old `daysAgo` days ago. */
async function family(prefix: string, age = 9, daysAgo = 20) {
  const { organiser, people } = await organiserAndMembers(ctx, prefix, 2);
  const [gwen, other] = people;
  if (!gwen || !other) throw new Error('members');
  await ctx.db
    .updateTable('users')
    .set({ first_name: 'Gwen', last_name: 'Le Bihan' })
    .where('id', '=', gwen.id)
    .execute();
  const born = new Date(ctx.clock.now.getTime() - daysAgo * DAY);
  born.setUTCFullYear(born.getUTCFullYear() - age);
  const made = await ctx.app.inject({
    method: 'POST',
    url: '/api/family/children',
    headers: bearer(gwen.token),
    payload: {
      first_name: 'Lou',
      last_name: `Le Bihan ${prefix}`,
      birth_date: born.toISOString().slice(0, 10),
    },
  });
  expect(made.statusCode).toBe(201);
  return { organiser, gwen, other, lou: made.json().id as string };
}

const path = (url: string) => url.slice(PUBLIC_URL.length);
async function linkFor(eventUuid: string, start: string, childId: string, guardianId: string) {
  return path(
    answerUrl(ctx.config, await readLinkSecret(ctx.db), {
      eventUuid,
      userId: childId,
      action: 'come',
      expiresAt: new Date(start),
      actingId: guardianId,
    }),
  );
}

describe("answer links in a guardian's copy", () => {
  it("the guardian's reminder carries « Lou … vient »-style answers for the child, signed over the guardian", async () => {
    const { organiser, gwen, lou } = await family('mail');
    const event = await createEvent(ctx, organiser.token, model, { startInMs: 2 * DAY });
    const subscribed = await ctx.app.inject({
      method: 'PUT',
      url: '/api/event/subscribe/status',
      headers: bearer(gwen.token),
      payload: { uuid_event: event.uuid_event, uuid_user: lou, subscribe: true },
    });
    expect(subscribed.statusCode).toBe(200);
    // The subscription notice, after its grace: the guardian's copy.
    ctx.clock.now = new Date(ctx.clock.now.getTime() + 11 * 60_000);
    await ctx.mail.runOnce();
    const toGwen = sink.received.filter((m) => m.to[0] === `${gwen.username}@example.org`);
    const text = mailPart(toGwen.at(-1)?.raw ?? '', 'text/plain') ?? '';
    expect(text).toContain('Ce message concerne Lou Le Bihan mail');
    const link = /Lou Le Bihan mail ne vient pas : (\S+)/.exec(text)?.[1] ?? '';
    expect(link).toContain(`${PUBLIC_URL}/api/answer/${event.uuid_event}.${lou}.decline.${gwen.id}.`);
  });

  it('acts for the child once, shows whom it answers for, and keeps « Gwen pour Lou »', async () => {
    const { organiser, gwen, lou } = await family('acts');
    const event = await createEvent(ctx, organiser.token, model, { startInMs: 2 * DAY });
    const link = await linkFor(event.uuid_event, event.start_date, lou, gwen.id);
    const page = await ctx.app.inject({ method: 'GET', url: link });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Réponse pour Lou Le Bihan acts, dont vous êtes responsable.');
    expect(await holdsPlace(ctx, event.uuid_event, lou)).toBe(false);
    const done = await ctx.app.inject({
      method: 'POST',
      url: link,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(done.statusCode).toBe(200);
    expect(await holdsPlace(ctx, event.uuid_event, lou)).toBe(true);
    const audit = await ctx.db
      .selectFrom('account_audit')
      .select(['actor_id', 'what'])
      .where('target_id', '=', lou)
      .where('action', '=', 'acted_for')
      .execute();
    expect(audit).toEqual([{ actor_id: gwen.id, what: 'subscribe' }]);
  });

  it('moved to another guardian: not valid; restricted since: a page that says nothing of the child', async () => {
    const { organiser, gwen, other, lou } = await family('kept');
    const event = await createEvent(ctx, organiser.token, model, { startInMs: 2 * DAY });
    const link = await linkFor(event.uuid_event, event.start_date, lou, gwen.id);
    const moved = link.replace(`.${gwen.id}.`, `.${other.id}.`);
    expect((await ctx.app.inject({ method: 'GET', url: moved })).statusCode).toBe(404);

    await ctx.db
      .updateTable('guardianships')
      .set({ is_restricted: true })
      .where('child_id', '=', lou)
      .execute();
    const page = await ctx.app.inject({ method: 'GET', url: link });
    expect(page.statusCode).toBe(404);
    expect(page.body).not.toContain('Lou');
  });

  it('from the child’s 18th birthday, the link is refused and nothing changes', async () => {
    // 18 in ten days: a minor when the mail leaves, grown when the link is used.
    const { organiser, gwen, lou } = await family('grown', 18, -10);
    const event = await createEvent(ctx, organiser.token, model, { startInMs: 30 * DAY });
    const link = await linkFor(event.uuid_event, event.start_date, lou, gwen.id);
    ctx.clock.now = new Date(ctx.clock.now.getTime() + 25 * DAY);
    try {
      const done = await ctx.app.inject({
        method: 'POST',
        url: link,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: '',
      });
      expect(done.statusCode).toBe(409); // refused, as every answer the rules refuse
      expect(await holdsPlace(ctx, event.uuid_event, lou)).toBe(false);
    } finally {
      ctx.clock.now = new Date(ctx.clock.now.getTime() - 25 * DAY);
    }
  });
});
