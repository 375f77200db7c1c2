import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { answerUrl } from '../../../server/mail/answer-links';
import { readLinkSecret } from '../../../server/modules/notifications/unsubscribe-links';
import {
  createEvent,
  DAY,
  HOUR,
  holdsPlace,
  insertModel,
  insertStuff,
  joinWaitingList,
  subscribe,
} from '../helpers/event-fixtures';
import { mailHeader, mailPart, type SmtpSink, startSmtpSink } from '../helpers/smtp-sink';
import { bearer, createTestContext, type TestContext } from '../helpers/test-context';

// Answer links (docs/rules.md#answer-links): mails about an event link to it, and subscription, reminder and
// promotion mails carry signed, expiring, single-purpose answers. A GET only shows a confirmation page (mail
// scanners open every link); its POST acts, once, under the app's rules.
// Mails are received by a real SMTP server and read from their MIME.
const PUBLIC_URL = 'https://club.example.org';
let ctx: TestContext;
let sink: SmtpSink;
let organiser: string;
let model: string;
let paddle: string;
const people: Record<string, { id: string; token: string }> = {};
const person = (name: string) => people[name] as { id: string; token: string };

beforeAll(async () => {
  sink = await startSmtpSink();
  ctx = await createTestContext({ env: { SMTP_URL: sink.url, PUBLIC_URL, RATE_LIMIT_LOGIN: '1000' } });
  await ctx.createUser('orga', 'Contributor');
  organiser = await ctx.signIn('orga');
  model = await insertModel(ctx, 'Kayak <b>"mer"</b> & co');
  paddle = await insertStuff(ctx, 'Pagaie', 1);
  for (const name of ['anne', 'bob', 'carl', 'dora', 'eve']) {
    const { id } = await ctx.createUser(name);
    people[name] = { id, token: await ctx.signIn(name) };
  }
});
afterAll(async () => {
  await ctx.close();
  await sink.close();
});
beforeEach(async () => {
  await flush();
  sink.received.length = 0;
});

/** Moves past the subscription notices' grace and spacing, then sends what is queued. */
async function flush() {
  ctx.clock.now = new Date(ctx.clock.now.getTime() + 11 * 60_000);
  await ctx.mail.runOnce();
}
/** The plain text received by `name`, the last one. */
async function lastTextTo(name: string) {
  await flush();
  const mails = sink.received.filter((m) => m.to[0] === `${name}@example.org`);
  const raw = mails.at(-1)?.raw ?? '';
  return { raw, text: mailPart(raw, 'text/plain') ?? '' };
}
const linkAfter = (text: string, label: string) =>
  new RegExp(`${label} (${PUBLIC_URL}/\\S+)`).exec(text)?.[1] ?? '';
const pathOf = (url: string) => url.slice(PUBLIC_URL.length);
/** A page's text as a reader sees it: the entities the server escapes with, undone. */
const visible = (html: string) =>
  html
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
const show = (path: string) => ctx.app.inject({ method: 'GET', url: path });
const act = (path: string, form = '') =>
  ctx.app.inject({
    method: 'POST',
    url: path,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: form,
  });
const declined = async (name: string, eventUuid: string) =>
  (
    await ctx.app.inject({
      method: 'GET',
      url: `/api/event/my-declines/${person(name).id}`,
      headers: bearer(person(name).token),
    })
  )
    .json()
    .some((d: { uuid_event: string }) => d.uuid_event === eventUuid);

describe('answer links in mails', () => {
  it('a subscription mail links the event and "Je ne viens pas"; the GET changes nothing; the POST declines, once', async () => {
    const event = await createEvent(ctx, organiser, model, { startInMs: 3 * DAY, max: 2 });
    await subscribe(ctx, person('anne').token, person('anne').id, event.uuid_event);
    const { raw, text } = await lastTextTo('anne');
    expect(mailHeader(raw, 'Subject')).toContain('Inscription');
    expect(text).toContain(`Voir l'évènement : ${PUBLIC_URL}/event/${event.uuid_event}`);
    expect(text).toContain(`Choisir les emails que vous recevez : ${PUBLIC_URL}/my-profile?tab=preferences`);
    const no = pathOf(linkAfter(text, 'Je ne viens pas :'));
    expect(no).toMatch(
      new RegExp(`^/api/answer/${event.uuid_event}\\.${person('anne').id}\\.decline\\.\\d+\\.`),
    );

    const page = await show(no);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<form method="post"');
    expect(page.body).toContain('Kayak &lt;b&gt;&quot;mer&quot;&lt;/b&gt; &amp; co');
    expect(page.body).not.toContain('<b>"mer"</b>');
    expect(await holdsPlace(ctx, event.uuid_event, person('anne').id)).toBe(true);

    const done = await act(no);
    expect(done.statusCode).toBe(200);
    expect(visible(done.body)).toContain("C'est noté");
    expect(await holdsPlace(ctx, event.uuid_event, person('anne').id)).toBe(false);
    expect(await declined('anne', event.uuid_event)).toBe(true);

    const again = await act(no);
    expect(again.statusCode).toBe(409);
    expect(again.body).toContain('Lien déjà utilisé');
    expect((await show(no)).statusCode).toBe(409);
  });

  it('"Je viens" asks for the equipment (own by default) and subscribes with the choice', async () => {
    const event = await createEvent(ctx, organiser, model, { startInMs: 3 * DAY, max: 2, stuffs: [paddle] });
    await subscribe(ctx, person('bob').token, person('bob').id, event.uuid_event);
    await flush();
    await subscribe(ctx, person('bob').token, person('bob').id, event.uuid_event, undefined, false);
    const { text } = await lastTextTo('bob');
    const yes = pathOf(linkAfter(text, 'Je viens :'));
    expect(yes).toContain('.come.');

    const page = await show(yes);
    expect(visible(page.body)).toContain("J'ai mon propre matériel");
    expect(page.body).toContain(`value="${paddle}"`);
    expect(page.body).toContain('Pagaie (1 disponible)');
    const done = await act(yes, `uuid_stuff=${paddle}`);
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('Votre place est réservée');
    const row = await ctx.db
      .selectFrom('subscriptions')
      .innerJoin('booked_stuffs', 'booked_stuffs.subscription_uuid', 'subscriptions.uuid')
      .select('booked_stuffs.stuff_uuid')
      .where('subscriptions.event_uuid', '=', event.uuid_event)
      .where('subscriptions.user_id', '=', person('bob').id)
      .executeTakeFirst();
    expect(row?.stuff_uuid).toBe(paddle);
  });

  it('"Je viens" on a full event joins the waiting list; a promotion mail offers "Rendre ma place", which promotes the next', async () => {
    const event = await createEvent(ctx, organiser, model, { startInMs: 3 * DAY, max: 1 });
    await subscribe(ctx, person('carl').token, person('carl').id, event.uuid_event);
    const secret = await readLinkSecret(ctx.db);
    const link = (name: string, action: 'come' | 'decline' | 'give_back') =>
      pathOf(
        answerUrl(ctx.config, secret, {
          eventUuid: event.uuid_event,
          userId: person(name).id,
          action,
          expiresAt: new Date(event.start_date),
        }),
      );
    expect(visible((await show(link('dora', 'come'))).body)).toContain("liste d'attente");
    const waiting = await act(link('dora', 'come'));
    expect(visible(waiting.body)).toContain("vous êtes sur la liste d'attente");
    await joinWaitingList(ctx, person('eve'), event.uuid_event);

    await subscribe(ctx, person('carl').token, person('carl').id, event.uuid_event, undefined, false);
    const { text } = await lastTextTo('dora');
    expect(text).toContain("Une place s'est libérée");
    const giveBack = pathOf(linkAfter(text, 'Rendre ma place :'));
    expect(giveBack).toContain('.give_back.');
    expect((await act(giveBack)).statusCode).toBe(200);
    expect(await holdsPlace(ctx, event.uuid_event, person('dora').id)).toBe(false);
    expect(await holdsPlace(ctx, event.uuid_event, person('eve').id)).toBe(true);
  });

  it('two answers to the same link at once: one acts, the other is told it was used', async () => {
    const event = await createEvent(ctx, organiser, model, { startInMs: 3 * DAY, isInfinite: true });
    const secret = await readLinkSecret(ctx.db);
    const path = pathOf(
      answerUrl(ctx.config, secret, {
        eventUuid: event.uuid_event,
        userId: person('eve').id,
        action: 'come',
        expiresAt: new Date(event.start_date),
      }),
    );
    const answers = await Promise.all([act(path), act(path)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const rows = await ctx.db
      .selectFrom('subscriptions')
      .select('uuid')
      .where('event_uuid', '=', event.uuid_event)
      .execute();
    expect(rows).toHaveLength(1);
  });
});

describe('a link that cannot act gets a page that says why (4xx), and nothing changes', () => {
  let event: { uuid_event: string; start_date: string };
  let secret: Buffer;
  const linkFor = (name: string, options: { expiresAt?: Date; eventUuid?: string; clubKey?: string } = {}) =>
    pathOf(
      answerUrl({ clubKey: options.clubKey ?? ctx.config.clubKey, publicUrl: PUBLIC_URL }, secret, {
        eventUuid: options.eventUuid ?? event.uuid_event,
        userId: person(name).id,
        action: 'come',
        expiresAt: options.expiresAt ?? new Date(event.start_date),
      }),
    );
  const nobodyIn = async () =>
    (
      await ctx.db
        .selectFrom('subscriptions')
        .select('uuid')
        .where('event_uuid', '=', event.uuid_event)
        .execute()
    ).length === 0;

  beforeAll(async () => {
    event = await createEvent(ctx, organiser, model, { startInMs: 2 * DAY, isInfinite: true });
    secret = await readLinkSecret(ctx.db);
  });

  it('tampered, cut short, or signed for another club: 404', async () => {
    const good = linkFor('anne');
    const flipped = `${good.slice(0, -1)}${good.endsWith('A') ? 'B' : 'A'}`;
    const otherMember = good.replace(person('anne').id, person('bob').id);
    for (const path of [
      flipped,
      good.slice(0, -5),
      otherMember,
      linkFor('anne', { clubKey: 'other-club' }),
    ]) {
      const answer = await act(path);
      expect(answer.statusCode).toBe(404);
      expect(answer.body).toContain('Lien non valable');
    }
    expect(await nobodyIn()).toBe(true);
  });

  it('expired (the event started, or the link says so), event deleted, account revoked, event cancelled', async () => {
    const expired = await act(linkFor('anne', { expiresAt: new Date(ctx.clock.now.getTime() - HOUR) }));
    expect([expired.statusCode, expired.body.includes('Lien expiré')]).toEqual([410, true]);

    const saved = ctx.clock.now;
    ctx.clock.now = new Date(new Date(event.start_date).getTime() + 60_000);
    expect((await act(linkFor('anne'))).statusCode).toBe(410);
    ctx.clock.now = saved;

    const gone = await createEvent(ctx, organiser, model, { startInMs: 2 * DAY });
    const goneLink = linkFor('anne', { eventUuid: gone.uuid_event, expiresAt: new Date(gone.start_date) });
    await ctx.db.deleteFrom('events').where('uuid', '=', gone.uuid_event).execute();
    const goneAnswer = await act(goneLink);
    expect([goneAnswer.statusCode, goneAnswer.body.includes('Évènement introuvable')]).toEqual([404, true]);

    await ctx.db.updateTable('users').set({ is_revoked: true }).where('id', '=', person('carl').id).execute();
    const revoked = await act(linkFor('carl'));
    expect([revoked.statusCode, revoked.body.includes('Réponse impossible')]).toEqual([403, true]);
    await ctx.db
      .updateTable('users')
      .set({ is_revoked: false })
      .where('id', '=', person('carl').id)
      .execute();
    // Locked since the mail went (too many wrong passwords): refused the same way until the lock ends.
    const lockedUntil = new Date(ctx.clock.now.getTime() + HOUR);
    await ctx.db
      .updateTable('users')
      .set({ is_locked: true, locked_until: lockedUntil })
      .where('id', '=', person('carl').id)
      .execute();
    const locked = await act(linkFor('carl'));
    expect([locked.statusCode, locked.body.includes('Réponse impossible')]).toEqual([403, true]);
    await ctx.db
      .updateTable('users')
      .set({ is_locked: false, locked_until: null })
      .where('id', '=', person('carl').id)
      .execute();

    await ctx.db
      .updateTable('events')
      .set({ is_cancelled: true })
      .where('uuid', '=', event.uuid_event)
      .execute();
    const cancelled = await act(linkFor('bob'));
    expect(cancelled.statusCode).toBe(409);
    expect(visible(cancelled.body)).toContain("Rien n'a changé");
    await ctx.db
      .updateTable('events')
      .set({ is_cancelled: false })
      .where('uuid', '=', event.uuid_event)
      .execute();
    expect(await nobodyIn()).toBe(true);

    // A refusal leaves the link usable: the same link acts once the event is open again.
    expect((await act(linkFor('bob'))).statusCode).toBe(200);
  });

  it('speaks English to an English browser when the link names nobody', async () => {
    const answer = await ctx.app.inject({
      method: 'GET',
      url: '/api/answer/not-a-token',
      headers: { 'accept-language': 'en-GB,en;q=0.9' },
    });
    expect(answer.statusCode).toBe(404);
    expect(answer.body).toContain('Link not valid');
  });
});
