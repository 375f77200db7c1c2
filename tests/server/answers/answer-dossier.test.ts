import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerUrl } from '../../../server/mail/answer-links';
import { readLinkSecret } from '../../../server/modules/notifications/unsubscribe-links';
import { clubDayOf } from '../../../src/common/rules/club-time';
import { seasonOf } from '../../../src/common/rules/member-file-days';
import { createEvent, DAY, holdsPlace, insertModel, subscribe } from '../helpers/event-fixtures';
import { bearer, createTestContext, type TestContext } from '../helpers/test-context';

// Answer links and the member's file (docs/rules.md#answer-links, docs/rules.md#members-file): « Je viens » meets the
// file check of the app's subscribe. Under `block` an incomplete file refuses it, with the reasons in words and the
// way to « Mon dossier »; under `warn` it subscribes and the page says what the file lacks.
const PUBLIC_URL = 'https://club.example.org';
let ctx: TestContext;
let admin: string;
let organiser: string;
let serial = 0;
type Account = { id: string; name: string; token: string };

beforeAll(async () => {
  ctx = await createTestContext({ env: { PUBLIC_URL, RATE_LIMIT_LOGIN: '1000' } });
  await ctx.createUser('answeradmin', 'Admin');
  admin = await ctx.signIn('answeradmin');
  await ctx.createUser('answerorga', 'Contributor');
  organiser = await ctx.signIn('answerorga');
});
afterAll(() => ctx.close());

async function member(): Promise<Account> {
  serial += 1;
  const name = `answerer${serial}`;
  const { id } = await ctx.createUser(name);
  return { id, name, token: await ctx.signIn(name) };
}
const recordLicence = async (who: Account) => {
  const season = seasonOf(clubDayOf(ctx.clock.now, 'Europe/Paris'), '09-01');
  const put = await ctx.app.inject({
    method: 'PUT',
    url: `/api/user/${who.id}/licence`,
    headers: bearer(admin),
    payload: { number: `08${serial}`, federation: 'FFCK', type: 'Canoë Plus', season },
  });
  expect(put.statusCode).toBe(200);
};
async function eventAsking(enforcement: 'warn' | 'block', max = 5) {
  const model = await insertModel(ctx, `Randonnée ${enforcement} ${serial}`);
  await ctx.db
    .updateTable('event_models')
    .set({ requires_licence: true, enforcement })
    .where('uuid', '=', model)
    .execute();
  return (await createEvent(ctx, organiser, model, { startInMs: 3 * DAY, max })).uuid_event;
}
async function comeLink(eventUuid: string, who: Account) {
  const url = answerUrl(ctx.config, await readLinkSecret(ctx.db), {
    eventUuid,
    userId: who.id,
    action: 'come',
    expiresAt: new Date(ctx.clock.now.getTime() + 3 * DAY),
  });
  return url.slice(PUBLIC_URL.length);
}
const act = (path: string) =>
  ctx.app.inject({
    method: 'POST',
    url: path,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: '',
  });
/** A page's text as a reader sees it: the entities the server escapes with, undone. */
const visible = (html: string) =>
  html
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&');
const isWaiting = async (eventUuid: string, who: Account) =>
  (
    await ctx.db
      .selectFrom('waiting_list')
      .select('seq')
      .where('event_uuid', '=', eventUuid)
      .where('user_id', '=', who.id)
      .execute()
  ).length > 0;

describe('« Je viens » under a model that blocks an incomplete file', () => {
  it('does not subscribe; the page says why and leads to « Mon dossier »; once the file is complete the link works', async () => {
    const event = await eventAsking('block');
    const anne = await member();
    const path = await comeLink(event, anne);
    const refused = await act(path);
    expect(refused.statusCode).toBe(409);
    const page = visible(refused.body);
    expect(page).toContain(
      "Votre réponse n'a pas pu être enregistrée : cet évènement demande un dossier complet.",
    );
    expect(page).toContain('<li>Aucune licence enregistrée pour cette saison</li>');
    expect(page).toContain(
      `<a href="${PUBLIC_URL}/my-profile?tab=file">Compléter mon dossier, dans mon profil</a>`,
    );
    expect(await holdsPlace(ctx, event, anne.id)).toBe(false);

    // Nothing was used up: the same link subscribes once the licence is recorded.
    await recordLicence(anne);
    const done = await act(path);
    expect(done.statusCode).toBe(200);
    expect(visible(done.body)).toContain('Votre place est réservée');
    expect(visible(done.body)).not.toContain('Compléter mon dossier');
    expect(await holdsPlace(ctx, event, anne.id)).toBe(true);
  });

  it('on a full event, keeps the member off the waiting list too', async () => {
    const event = await eventAsking('block', 1);
    const holder = await member();
    await recordLicence(holder);
    expect((await subscribe(ctx, holder.token, holder.id, event)).statusCode).toBe(200);
    const bob = await member();
    const refused = await act(await comeLink(event, bob));
    expect(refused.statusCode).toBe(409);
    expect(visible(refused.body)).toContain('Aucune licence enregistrée pour cette saison');
    expect(await isWaiting(event, bob)).toBe(false);
  });

  it("the notification's answer is refused the same way, with the reasons", async () => {
    const event = await eventAsking('block');
    const carl = await member();
    const pushed = await ctx.app.inject({ method: 'POST', url: `${await comeLink(event, carl)}/push` });
    expect(pushed.statusCode).toBe(409);
    expect(pushed.json()).toMatchObject({ code: 'dossier_incomplete', reasons: ['licence_missing'] });
    expect(await holdsPlace(ctx, event, carl.id)).toBe(false);
  });
});

describe('« Je viens » under a model that warns', () => {
  it('subscribes, and the page says what the file lacks and where to complete it', async () => {
    const event = await eventAsking('warn');
    const dora = await member();
    const done = await act(await comeLink(event, dora));
    expect(done.statusCode).toBe(200);
    const page = visible(done.body);
    expect(page).toContain('Votre place est réservée');
    expect(page).toContain('Le club vous demande de compléter votre dossier :');
    expect(page).toContain('<li>Aucune licence enregistrée pour cette saison</li>');
    expect(page).toContain(`${PUBLIC_URL}/my-profile?tab=file`);
    expect(await holdsPlace(ctx, event, dora.id)).toBe(true);
  });
});
