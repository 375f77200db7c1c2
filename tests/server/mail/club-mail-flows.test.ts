import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendDueReminders } from '../../../server/modules/reminders/reminders.service';
import { writeSetting } from '../../../server/modules/settings/settings.repository';
import { createEvent, insertModel, insertStuff, saveEvent } from '../helpers/event-fixtures';
import { bearer, createTestContext, type TestContext } from '../helpers/test-context';

// The mails as the club's own (docs/rules.md#mails), through the services that queue them: the invitation names the
// club and who invited; the reminder carries the address and its map, the notes, the kit and both answers (for the
// child in a guardian's copy); a cancellation names to a host their guests who have no address.
const CLUB = "Kayak Club de l'Odet";
let ctx: TestContext;
let model: string;
let paddle: string;
type Who = { id: string; token: string };
const people: Record<string, Who> = {};
const person = (name: string) => people[name] as Who;

beforeAll(async () => {
  ctx = await createTestContext({
    env: { RATE_LIMIT_LOGIN: '1000', CLUB_TIMEZONE: 'Europe/Paris', PUBLIC_URL: 'https://club.example.org' },
  });
  ctx.clock.now = new Date('2026-11-30T09:00:00Z'); // Monday 10:00 in Paris
  await writeSetting(ctx.db, 'club_name', CLUB, ctx.clock.now);
  const names: Array<[string, 'Admin' | 'Contributor' | 'User', string | null, string | null]> = [
    ['gwen', 'Admin', 'Gwen', 'Le Bihan'],
    ['orga', 'Contributor', 'Yann', 'Morvan'],
    ['lena', 'User', 'Léna', 'Bosser'],
    ['paul', 'User', null, null],
    ['lou', 'User', 'Lou', 'Bosser'],
  ];
  for (const [name, role, first, last] of names) {
    const { id } = await ctx.createUser(name, role);
    await ctx.db
      .updateTable('users')
      .set({ first_name: first, last_name: last })
      .where('id', '=', id)
      .execute();
    people[name] = { id, token: await ctx.signIn(name) };
  }
  model = await insertModel(ctx, 'Sortie rivière');
  paddle = await insertStuff(ctx, 'Pagaie double', 10);
});
afterAll(() => ctx.close());

const mailsOf = (kind: string, to: string) =>
  ctx.db
    .selectFrom('mail_queue')
    .select(['subject', 'body_text', 'body_html'])
    .where('kind', '=', kind)
    .where('to_address', '=', to)
    .orderBy('created_at')
    .execute();
const visible = (html: string | null) =>
  (html ?? '')
    .replace(/<[^>]+>/g, '')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, '&');
const subscribeTo = async (who: Who, eventUuid: string, stuffs: string[] = [], forId = who.id) => {
  const response = await ctx.app.inject({
    method: 'PUT',
    url: '/api/event/subscribe/status',
    headers: bearer(who.token),
    payload: { uuid_event: eventUuid, uuid_user: forId, subscribe: true, stuffs },
  });
  expect(response.statusCode).toBe(200);
};

describe('the invitation', () => {
  it('names the club and the Admin who invited, says what the app is for, and never says Équipée', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/register',
      headers: bearer(person('gwen').token),
      payload: { username: 'nolwenn', email: 'nolwenn@example.org' },
    });
    expect(response.statusCode).toBe(200);
    const [mail] = await mailsOf('user_invitation', 'nolwenn@example.org');
    expect(mail?.subject).toBe(`Invitation à rejoindre ${CLUB}`);
    expect(mail?.body_text).toMatch(/^Bonjour,\n/); // no first name yet: never the username
    expect(mail?.body_text).toContain(`Gwen Le Bihan vous invite à rejoindre ${CLUB}.`);
    expect(mail?.body_text).toContain(`Un compte ${CLUB} a été créé pour vous (identifiant : nolwenn).`);
    expect(mail?.body_text).toContain("L'application du club sert à voir ses évènements");
    expect(mail?.body_text).toMatch(new RegExp(`\\n\\n— ${CLUB}$`));
    expect(visible(mail?.body_html ?? null)).toContain(`— ${CLUB}`);
    expect(`${mail?.subject}${mail?.body_text}${mail?.body_html}`).not.toContain('Équipée');
  });
});

describe('the reminder', () => {
  /** An event on Wednesday 2 December 14:00 in Paris, reminded 24 h before, with `changes` saved on it. */
  async function remindedEvent(changes: object, subscribe: (eventUuid: string) => Promise<void>) {
    ctx.clock.now = new Date('2026-11-30T09:00:00Z');
    await ctx.db.deleteFrom('mail_queue').execute();
    const event = await createEvent(ctx, person('orga').token, model, {
      startInMs: new Date('2026-12-02T13:00:00Z').getTime() - ctx.clock.now.getTime(),
      stuffs: [paddle],
    });
    expect((await saveEvent(ctx, person('orga').token, model, event, changes)).statusCode).toBe(200);
    await subscribe(event.uuid_event);
    ctx.clock.now = new Date('2026-12-01T13:00:00Z');
    await sendDueReminders({ db: ctx.db, now: () => ctx.clock.now, config: ctx.config });
    return event.uuid_event as string;
  }

  it('carries the address and its map link, the notes, the kit and both answers, in the text and the HTML', async () => {
    const eventUuid = await remindedEvent(
      { street: '2 quai Neuf', zip_code: '29000', city: 'Quimper', notes: 'Rendez-vous au ponton.\nGourde.' },
      (uuid) => subscribeTo(person('lena'), uuid, [paddle]),
    );
    const [mail] = await mailsOf('event_reminder', 'lena@example.org');
    const text = mail?.body_text ?? '';
    const map = `https://www.openstreetmap.org/search?query=${encodeURIComponent('2 quai Neuf, 29000 Quimper')}`;
    expect(map).toContain('2%20quai%20Neuf%2C%2029000%20Quimper');
    expect(text).toMatch(/^Bonjour Léna,\n/);
    expect(text).toContain(`Adresse : 2 quai Neuf, 29000 Quimper\nCarte : ${map}\n`);
    expect(text).toContain('À savoir :\nRendez-vous au ponton.\nGourde.');
    expect(text).toContain('Votre matériel : Pagaie double.');
    const answer = (action: string) =>
      new RegExp(
        `https://club\\.example\\.org/api/answer/${eventUuid}\\.${person('lena').id}\\.${action}\\.`,
      );
    expect(text).toMatch(new RegExp(`Je viens : ${answer('come').source}`));
    expect(text).toMatch(new RegExp(`Je ne viens pas : ${answer('decline').source}`));
    expect(text).toMatch(new RegExp(`— ${CLUB}`));
    const html = mail?.body_html ?? '';
    expect(html).toContain(`href="${map}"`);
    expect(visible(html)).toContain('Rendez-vous au ponton.');
    expect(visible(html)).toContain('Votre matériel : Pagaie double.');
    expect(html).toMatch(answer('come'));
    expect(html).toMatch(answer('decline'));
    expect(`${mail?.subject}${text}${html}`).not.toContain('Équipée');
  });

  it('says nothing of a place or notes the event does not have: no empty line, no dead link', async () => {
    await remindedEvent(
      { city: '', zip_code: '', street: '', location: 'https://www.openstreetmap.org/x' },
      (uuid) => subscribeTo(person('paul'), uuid),
    );
    const [mail] = await mailsOf('event_reminder', 'paul@example.org');
    const text = mail?.body_text ?? '';
    expect(text).toMatch(
      /^Bonjour,\n\nPetit rappel : votre place est réservée pour Sortie rivière, mercredi 02\/12\/2026 14:00\.\n\nJe viens : /,
    );
    expect(text).not.toMatch(/Adresse|Carte|openstreetmap|organisateur/);
    expect(text).not.toContain('\n\n\n');
    expect(mail?.body_html ?? '').not.toContain('openstreetmap');
  });

  it("in a guardian's copy, answers for the child, signed over the guardian", async () => {
    // Lou, 12, has her own address; Léna is her guardian.
    await ctx.db
      .updateTable('users')
      .set({ birth_date: '2014-06-01' })
      .where('id', '=', person('lou').id)
      .execute();
    await ctx.db
      .insertInto('guardianships')
      .values({
        child_id: person('lou').id,
        guardian_id: person('lena').id,
        created_by: null,
        created_at: ctx.clock.now,
      })
      .execute();
    const eventUuid = await remindedEvent({ street: '2 quai Neuf' }, (uuid) =>
      subscribeTo(person('lou'), uuid),
    );
    const [copy] = await mailsOf('event_reminder', 'lena@example.org');
    const text = copy?.body_text ?? '';
    expect(text).toContain('Ce message concerne Lou Bosser, dont vous êtes responsable.');
    expect(text).toContain('Bonjour Léna,');
    const forChild = (action: string) =>
      `/api/answer/${eventUuid}.${person('lou').id}.${action}.${person('lena').id}.`;
    expect(text).toContain(`Lou Bosser vient : https://club.example.org${forChild('come')}`);
    expect(text).toContain(`Lou Bosser ne vient pas : https://club.example.org${forChild('decline')}`);
    const [own] = await mailsOf('event_reminder', 'lou@example.org');
    expect(own?.body_text).toMatch(/^Bonjour Lou,\n/);
  });
});

describe('the cancellation', () => {
  it('names to a host their guests who have no address, and only to that host', async () => {
    ctx.clock.now = new Date('2026-11-30T09:00:00Z');
    await ctx.db.deleteFrom('mail_queue').execute();
    const event = await createEvent(ctx, person('orga').token, model, { max: 10 });
    await subscribeTo(person('lena'), event.uuid_event);
    await subscribeTo(person('paul'), event.uuid_event);
    for (const [first_name, last_name, email] of [
      ['Paul', 'Martin', undefined],
      ['Ana', 'Mer', 'ana@example.org'],
      ['Zoé', 'Kerr', undefined],
    ]) {
      const invited = await ctx.app.inject({
        method: 'POST',
        url: '/api/event/invite',
        headers: bearer(person('lena').token),
        payload: { uuid_event: event.uuid_event, uuid_user: person('lena').id, first_name, last_name, email },
      });
      expect(invited.statusCode).toBe(200);
    }
    const saved = await saveEvent(ctx, person('orga').token, model, event, {
      is_cancelled: true,
      cancel_message: 'Crue de l’Odet.',
    });
    expect(saved.statusCode).toBe(200);
    const [host] = await mailsOf('event_cancellation', 'lena@example.org');
    expect(host?.body_text).toMatch(/^Bonjour Léna,\n/);
    expect(host?.body_text).toContain('Prévenez vos invités sans adresse : Paul Martin et Zoé Kerr.');
    expect(visible(host?.body_html ?? null)).toContain(
      'Prévenez vos invités sans adresse : Paul Martin et Zoé Kerr.',
    );
    const [other] = await mailsOf('event_cancellation', 'paul@example.org');
    expect(other?.body_text).not.toContain('Prévenez');
    const [guest] = await mailsOf('event_cancellation', 'ana@example.org');
    expect(guest?.body_text).toMatch(/^Bonjour,\n/);
    expect(guest?.body_text).not.toContain('Prévenez');
    expect(guest?.body_text).toContain(`— ${CLUB}`);
  });
});

describe('the group mail', () => {
  it("is signed with the organiser's name and the club's, in the text and the HTML", async () => {
    await ctx.db.deleteFrom('mail_queue').execute();
    const event = await createEvent(ctx, person('orga').token, model, { max: 10 });
    await subscribeTo(person('lena'), event.uuid_event);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/event/mail',
      headers: bearer(person('orga').token),
      payload: {
        event_uuid: event.uuid_event,
        subject_base64: Buffer.from('Marée basse').toString('base64'),
        message_base64: Buffer.from('Rendez-vous à 7 h à la cale.').toString('base64'),
      },
    });
    expect(response.statusCode).toBe(200);
    const [mail] = await mailsOf('group_email', 'lena@example.org');
    expect(mail?.body_text).toContain(`\n\n— Yann Morvan, ${CLUB}\n\n`); // then the preferences link
    expect(visible(mail?.body_html ?? null)).toContain(`— Yann Morvan, ${CLUB}`);
    expect(`${mail?.body_text}${mail?.body_html}`).not.toContain('Équipée');
  });
});
