import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerUrl } from '../../../server/mail/answer-links';
import { readLinkSecret } from '../../../server/modules/notifications/unsubscribe-links';
import { formFields } from '../../../server/plugins/form-body';
import { createEvent, DAY, insertModel, insertStuff } from '../helpers/event-fixtures';
import { bearer, createTestContext, type TestContext } from '../helpers/test-context';

// The answer page's kit (docs/rules.md#answer-links): "Je viens" offers one choice per kind, own equipment first and
// chosen, each item with what is left and those with nothing left disabled; the form posts `stuffs`, one field per
// kind, and a page of before still posts its one `uuid_stuff`.
const PUBLIC_URL = 'https://club.example.org';
let ctx: TestContext;
let organiser: string;
let model: string;
const stuff: Record<'kayak' | 'canoe' | 'paddle' | 'vest', string> = {} as never;
const people: Record<string, { id: string; token: string }> = {};

beforeAll(async () => {
  ctx = await createTestContext({ env: { PUBLIC_URL, RATE_LIMIT_LOGIN: '1000' } });
  await ctx.createUser('orga', 'Contributor');
  organiser = await ctx.signIn('orga');
  model = await insertModel(ctx, 'Sortie mer');
  stuff.kayak = await insertStuff(ctx, 'Kayak mono K1', 3);
  stuff.canoe = await insertStuff(ctx, 'Canoë', 1);
  stuff.paddle = await insertStuff(ctx, 'Pagaie double', 0, true);
  stuff.vest = await insertStuff(ctx, 'Gilet', 5);
  const kinds: Array<[string, string]> = [
    [stuff.kayak, 'Bateaux'],
    [stuff.canoe, 'Bateaux'],
    [stuff.paddle, 'Pagaies'],
  ];
  for (const [uuid, kind] of kinds)
    await ctx.db.updateTable('stuffs').set({ kind }).where('uuid', '=', uuid).execute();
  for (const name of ['anne', 'bob', 'carl', 'dora']) {
    const { id } = await ctx.createUser(name);
    people[name] = { id, token: await ctx.signIn(name) };
  }
});
afterAll(() => ctx.close());

const person = (name: string) => people[name] as { id: string; token: string };
async function comeLink(name: string, event: { uuid_event: string; start_date: string }) {
  const url = answerUrl(ctx.config, await readLinkSecret(ctx.db), {
    eventUuid: event.uuid_event,
    userId: person(name).id,
    action: 'come',
    expiresAt: new Date(event.start_date),
  });
  return url.slice(PUBLIC_URL.length);
}
const act = (path: string, form: string) =>
  ctx.app.inject({
    method: 'POST',
    url: path,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: form,
  });
const kitOf = async (eventUuid: string, name: string) => {
  const event = await ctx.app.inject({
    method: 'GET',
    url: `/api/event/${eventUuid}`,
    headers: bearer(person(name).token),
  });
  return event.json().subscribers_with_stuff.find((s: { id: string }) => s.id === person(name).id)?.stuffs;
};
/** The options of each choice the page offers: [kind, [label, value, disabled, selected]…]. */
function choices(html: string) {
  const visible = (text: string) =>
    text
      .replace(/&#39;/g, "'")
      .replace(/&nbsp;/g, ' ')
      .trim();
  return [...html.matchAll(/<label>([^<]*)\n<select name="stuffs">\n([\s\S]*?)\n<\/select>/g)].map(
    ([, kind, options]) => [
      visible(kind ?? ''),
      [...(options ?? '').matchAll(/<option value="([^"]*)"( selected)?( disabled)?>([^<]*)<\/option>/g)].map(
        ([, value, selected, disabled, label]) => [
          visible(label ?? ''),
          value,
          Boolean(disabled),
          Boolean(selected),
        ],
      ),
    ],
  );
}

describe('the kit on the answer page', () => {
  it('offers one choice per kind, own equipment first and chosen, with what is left, nothing left disabled', async () => {
    const event = await createEvent(ctx, organiser, model, {
      startInMs: 3 * DAY,
      stuffs: [stuff.kayak, stuff.canoe, stuff.paddle, stuff.vest],
    });
    // The only canoe is taken.
    const taken = await ctx.app.inject({
      method: 'PUT',
      url: '/api/event/subscribe/status',
      headers: bearer(person('dora').token),
      payload: {
        uuid_event: event.uuid_event,
        uuid_user: person('dora').id,
        subscribe: true,
        stuffs: [stuff.canoe],
      },
    });
    expect(taken.statusCode).toBe(200);
    const page = await ctx.app.inject({ method: 'GET', url: await comeLink('anne', event) });
    expect(page.statusCode).toBe(200);
    const own = ["J'ai mon propre matériel", '', false, true];
    expect(choices(page.body)).toEqual([
      [
        'Bateaux',
        [
          own,
          ['Canoë (plus disponible)', stuff.canoe, true, false],
          ['Kayak mono K1 (3 disponibles)', stuff.kayak, false, false],
        ],
      ],
      ['Pagaies', [own, ['Pagaie double', stuff.paddle, false, false]]],
      ['Autre', [own, ['Gilet (5 disponibles)', stuff.vest, false, false]]],
    ]);
    expect(page.body).not.toContain('type="radio"');
  });

  it('books the kit the form posts, one `stuffs` field per kind, own equipment left out', async () => {
    const event = await createEvent(ctx, organiser, model, {
      startInMs: 3 * DAY,
      stuffs: [stuff.kayak, stuff.paddle, stuff.vest],
    });
    const done = await act(
      await comeLink('bob', event),
      `stuffs=${stuff.kayak}&stuffs=${stuff.paddle}&stuffs=`,
    );
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('Votre place est réservée');
    expect(await kitOf(event.uuid_event, 'bob')).toEqual([stuff.kayak, stuff.paddle]);
  });

  it('still books the one `uuid_stuff` a page of before posts, and own equipment when every choice is ""', async () => {
    const event = await createEvent(ctx, organiser, model, {
      startInMs: 3 * DAY,
      stuffs: [stuff.kayak, stuff.vest],
    });
    expect((await act(await comeLink('carl', event), `uuid_stuff=${stuff.vest}`)).statusCode).toBe(200);
    expect(await kitOf(event.uuid_event, 'carl')).toEqual([stuff.vest]);
    expect((await act(await comeLink('anne', event), 'stuffs=&stuffs=')).statusCode).toBe(200);
    expect(await kitOf(event.uuid_event, 'anne')).toEqual([]);
  });

  it('refuses, and books nothing, a kit with an item the event does not offer (409, the link still works)', async () => {
    const event = await createEvent(ctx, organiser, model, { startInMs: 3 * DAY, stuffs: [stuff.kayak] });
    const link = await comeLink('dora', event);
    const refused = await act(link, `stuffs=${stuff.kayak}&stuffs=${stuff.vest}`);
    expect(refused.statusCode).toBe(409);
    expect(await kitOf(event.uuid_event, 'dora')).toBeUndefined();
    expect((await act(link, `stuffs=${stuff.kayak}`)).statusCode).toBe(200);
    expect(await kitOf(event.uuid_event, 'dora')).toEqual([stuff.kayak]);
  });

  it('lets a full event’s waiting list wish for an item with nothing left now: its stock is read at promotion', async () => {
    const event = await createEvent(ctx, organiser, model, {
      startInMs: 20 * DAY,
      max: 1,
      stuffs: [stuff.canoe],
    });
    const full = await ctx.app.inject({
      method: 'PUT',
      url: '/api/event/subscribe/status',
      headers: bearer(person('dora').token),
      payload: {
        uuid_event: event.uuid_event,
        uuid_user: person('dora').id,
        subscribe: true,
        stuffs: [stuff.canoe],
      },
    });
    expect(full.statusCode).toBe(200);
    const link = await comeLink('carl', event);
    const page = await ctx.app.inject({ method: 'GET', url: link });
    expect(choices(page.body)).toEqual([
      [
        'Bateaux',
        [
          ["J'ai mon propre matériel", '', false, true],
          ['Canoë (plus disponible)', stuff.canoe, false, false],
        ],
      ],
    ]);
    const done = await act(link, `stuffs=${stuff.canoe}`);
    expect(done.statusCode).toBe(200);
    const read = await ctx.app.inject({
      method: 'GET',
      url: `/api/event/${event.uuid_event}`,
      headers: bearer(person('carl').token),
    });
    expect(
      read.json().waiting_list.find((w: { uuid_user: string }) => w.uuid_user === person('carl').id)?.stuffs,
    ).toEqual([stuff.canoe]);
  });

  it('refuses a field that is not a stuff (400), and changes nothing', async () => {
    const event = await createEvent(ctx, organiser, model, { startInMs: 3 * DAY, stuffs: [stuff.kayak] });
    const response = await act(await comeLink('bob', event), `stuffs=${stuff.kayak}&stuffs=pas-un-uuid`);
    expect(response.statusCode).toBe(400);
    expect(await kitOf(event.uuid_event, 'bob')).toBeUndefined();
  });
});

describe('form fields', () => {
  it('reads a name sent once as its value and a repeated name as the list of its values, in order', () => {
    expect(formFields(new URLSearchParams('a=1&stuffs=x&b=&stuffs=y&stuffs=z'))).toEqual({
      a: '1',
      b: '',
      stuffs: ['x', 'y', 'z'],
    });
    const fields = formFields(new URLSearchParams('__proto__=x&__proto__=y'));
    expect(Object.getPrototypeOf(fields)).toBe(Object.prototype);
    expect(Object.keys(fields)).toEqual(['__proto__']);
  });
});
