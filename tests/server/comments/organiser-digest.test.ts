import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createEvent,
  insertModel,
  type Member,
  members,
  saveEvent,
  subscribe,
} from '../helpers/event-fixtures';
import { mailHeader, mailPart, type SmtpSink, startSmtpSink } from '../helpers/smtp-sink';
import { bearer, createTestContext, type TestContext } from '../helpers/test-context';

// The organisers' copy of subscription changes is one digest at 07:00 club time (docs/rules.md#talking-around-an-event):
// event by event, who joined, left, waits and the places left; nothing when nothing changed; on the event's own day
// after 07:00, each change at once; its own switch, apart from the member's confirmations.
let ctx: TestContext;
let sink: SmtpSink;
let model: string;
let organiser: Member;
let coOrganiser: Member;
let people: Member[];

// Paris is UTC+1 in March: 19:00 UTC is 20:00 at the club.
const at = (iso: string) => {
  ctx.clock.now = new Date(iso);
};
// What the sink received since the test's mark (every mail the queue sent reaches it, a moment later).
let mark = 0;
const arrived = async () => {
  await ctx.mail.runOnce();
  const sent = await ctx.db.selectFrom('mail_queue').select('id').where('status', '=', 'sent').execute();
  return (await sink.waitFor(sent.length)).slice(mark);
};
const digests = async (to: string) => {
  return (await arrived()).filter(
    (m) =>
      m.to.some((a) => a.startsWith(to)) &&
      /subscriptions|Inscriptions/.test(mailHeader(m.raw, 'Subject') ?? ''),
  );
};
const name = (member: Member, first: string) =>
  ctx.db
    .updateTable('users')
    .set({ first_name: first, last_name: 'Morvan' })
    .where('id', '=', member.id)
    .execute();

beforeAll(async () => {
  sink = await startSmtpSink();
  ctx = await createTestContext({ env: { SMTP_URL: sink.url, RATE_LIMIT_LOGIN: '1000' } });
  at('2027-03-09T19:00:00Z');
  model = await insertModel(ctx, 'Kayak <b>mer</b>');
  [organiser, coOrganiser, ...people] = (await members(ctx, 'dig', 7)) as [Member, Member, ...Member[]];
  for (const who of [organiser, coOrganiser])
    await ctx.db.updateTable('users').set({ role_name: 'Contributor' }).where('id', '=', who.id).execute();
  for (const [i, first] of ['Anaïs', 'Brieuc', 'Corentin', 'Dewi', 'Enora'].entries())
    await name(people[i] as Member, first);
});
afterAll(async () => {
  await ctx.close();
  await sink.close();
});

const p = (i: number) => people[i] as Member;

describe("the organisers' digest", () => {
  let eventUuid: string;

  it('tells nothing the evening before, then everything at 07:00, net of what came back', async () => {
    await ctx.mail.runOnce();
    mark = sink.received.length;
    // Tomorrow 10:00 at the club, two places.
    const event = await createEvent(ctx, organiser.token, model, { startInMs: 14 * 3_600_000, max: 2 });
    eventUuid = event.uuid_event;
    const co = await saveEvent(ctx, organiser.token, model, event, { co_organisers: [coOrganiser.id] });
    expect(co.statusCode).toBe(200);
    for (const i of [0, 1])
      expect((await subscribe(ctx, p(i).token, p(i).id, eventUuid)).statusCode).toBe(200);
    const wait = await ctx.app.inject({
      method: 'POST',
      url: '/api/event/waiting-list',
      headers: bearer(p(2).token),
      payload: { uuid_event: eventUuid, uuid_user: p(2).id },
    });
    expect(wait.statusCode).toBe(200);
    // Anaïs leaves: Corentin is promoted from the waiting list.
    expect((await subscribe(ctx, p(0).token, p(0).id, eventUuid, undefined, false)).statusCode).toBe(200);
    expect(await digests('dig0@')).toEqual([]);
    at('2027-03-10T05:59:00Z');
    expect(await digests('dig0@')).toEqual([]);

    at('2027-03-10T06:01:00Z');
    const [digest, ...more] = await digests('dig0@');
    expect(more).toEqual([]);
    const text = mailPart(digest?.raw ?? '', 'text/plain') ?? '';
    expect(text).toContain('Kayak <b>mer</b>, mercredi 10/03/2027 10:00');
    expect(text).toContain('Nouvelles inscriptions : Brieuc Morvan, Corentin Morvan');
    expect(text).toContain('Places restantes : 0');
    // Anaïs joined and left since the last digest: nothing to tell of her.
    expect(text).not.toContain('Anaïs');
    const html = mailPart(digest?.raw ?? '', 'text/html') ?? '';
    expect(html).toContain('Kayak &lt;b&gt;mer&lt;/b&gt;');
    expect(html).not.toContain('<b>mer</b>');
    // The co-organiser gets their own.
    expect(await digests('dig1@')).toHaveLength(1);
    // Once only.
    at('2027-03-10T06:30:00Z');
    expect(await digests('dig0@')).toHaveLength(1);
  });

  it("tells a change on the event's own day after 07:00 at once", async () => {
    mark = sink.received.length;
    const wait = await ctx.app.inject({
      method: 'POST',
      url: '/api/event/waiting-list',
      headers: bearer(p(3).token),
      payload: { uuid_event: eventUuid, uuid_user: p(3).id },
    });
    expect(wait.statusCode).toBe(200);
    const [now] = await digests('dig0@');
    const text = mailPart(now?.raw ?? '', 'text/plain') ?? '';
    expect(text).toContain("En liste d'attente : Dewi Morvan");
    expect(text).not.toContain('Brieuc');
  });

  it('respects its own switch, and leaves the member their confirmations', async () => {
    mark = sink.received.length;
    const off = await ctx.app.inject({
      method: 'PUT',
      url: `/api/user/preference/${organiser.id}`,
      headers: bearer(organiser.token),
      payload: { setting: { name: 'organiser_digest', active: false } },
    });
    expect(off.statusCode).toBe(200);
    expect((await subscribe(ctx, p(1).token, p(1).id, eventUuid, undefined, false)).statusCode).toBe(200);
    ctx.clock.now = new Date(ctx.clock.now.getTime() + 3 * 60_000);
    expect(await digests('dig0@')).toEqual([]);
    const toCo = mailPart((await digests('dig1@'))[0]?.raw ?? '', 'text/plain') ?? '';
    // Brieuc left; Dewi, next in line, took the place.
    expect(toCo).toContain('Désinscriptions : Brieuc Morvan');
    expect(toCo).toContain('Nouvelles inscriptions : Dewi Morvan');
    // Brieuc still gets his own confirmation, under the member's switch.
    const own = (await arrived()).filter((m) => m.to.some((a) => a.startsWith('dig3@')));
    expect(own.map((m) => mailHeader(m.raw, 'Subject'))).toEqual([expect.stringMatching(/^Désinscription/)]);
  });
});
