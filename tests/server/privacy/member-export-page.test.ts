import { randomUUID } from 'node:crypto';
import { clubDayOf } from '@common/rules/club-time';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent, insertModel, insertStuff, subscribe } from '../helpers/event-fixtures';
import { bearer, createTestContext, type TestContext } from '../helpers/test-context';

// « Mes données » as a page a person reads (docs/rules.md#members-in-and-out): the JSON export's content, in
// headings and tables, in the member's language, under the club's name, every value escaped.

let ctx: TestContext;
let member: { id: string; token: string };
let adminToken: string;
let otherToken: string;

const SCRIPT_NAME = '<script>alert("x")</script>';

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.createUser('admin', 'Admin');
  await ctx.createUser('coach', 'Contributor');
  const { id } = await ctx.createUser('lena');
  await ctx.createUser('other');
  await ctx.db
    .updateTable('users')
    .set({ first_name: SCRIPT_NAME, last_name: 'Bosser', city: 'Quimper' })
    .where('id', '=', id)
    .execute();
  member = { id, token: await ctx.signIn('lena') };
  adminToken = await ctx.signIn('admin');
  otherToken = await ctx.signIn('other');
  const coachToken = await ctx.signIn('coach');
  const model = await insertModel(ctx, 'Entraînement <b>eau</b> calme');
  const paddle = await insertStuff(ctx, 'Pagaie', 5);
  const event = await createEvent(ctx, coachToken, model, { stuffs: [paddle] });
  expect((await subscribe(ctx, member.token, member.id, event.uuid_event, paddle)).statusCode).toBe(200);
  const guest = await ctx.app.inject({
    method: 'POST',
    url: '/api/event/invite',
    headers: bearer(member.token),
    payload: { uuid_event: event.uuid_event, uuid_user: member.id, first_name: 'Zoé', last_name: 'Abri' },
  });
  expect(guest.statusCode).toBe(200);
  const clubName = await ctx.app.inject({
    method: 'PUT',
    url: '/api/internal/club-settings',
    headers: bearer(adminToken),
    payload: { club_name: 'Kayak Club & Co' },
  });
  expect(clubName.statusCode).toBe(200);
});
afterAll(() => ctx.close());

const pageOf = (id: string, token?: string) =>
  ctx.app.inject({
    method: 'GET',
    url: `/api/user/export/${id}/page.html`,
    headers: token ? bearer(token) : {},
  });

describe("the member's data as a readable page", () => {
  it("gives the member an HTML attachment with their data, in French, under the club's name", async () => {
    const response = await pageOf(member.id, member.token);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html; charset=utf-8/);
    const day = clubDayOf(ctx.clock.now, 'Europe/Paris');
    // The name slugged: the markup gone, its words kept (docs/rules.md#file-names).
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="donnees-script-alert-x-script-bosser-${day}.html"`,
    );
    expect(response.headers['cache-control']).toBe('no-store');
    const html = response.body;
    expect(html).toMatch(/^<!doctype html>\n<html lang="fr">/);
    expect(html).toContain('<title>Mes données · Kayak Club &amp; Co</title>');
    expect(html).toContain('<h2>Profil</h2>');
    expect(html).toContain('<th scope="row">Ville</th><td>Quimper</td>');
    // The role in words, never its code.
    expect(html).toMatch(/<th scope="row">Rôle<\/th><td>[^<]+<\/td>/);
    expect(html).not.toContain('<td>User</td>');
    expect(html).toContain('<h2>Inscriptions</h2>');
    expect(html).toContain('<th scope="col">Évènement</th>');
    // The event by its name; its id stays in the JSON file.
    expect(html).not.toContain('Évènement (identifiant)');
    expect(html).toContain('<td>Pagaie</td>');
    expect(html).toContain('<h2>Personnes invitées</h2>');
    expect(html).toContain('<td>Zoé</td><td>Abri</td>');
    // A section with nothing in it says so.
    expect(html).toContain('<h2>Messages</h2><p>Rien.</p>');
    expect(html.trimEnd().endsWith('</main></body></html>')).toBe(true);
  });

  it('escapes every value that comes from people', async () => {
    const html = (await pageOf(member.id, member.token)).body;
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<b>eau</b>');
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(html).toContain('Entraînement &lt;b&gt;eau&lt;/b&gt; calme');
  });

  it("speaks the member's language", async () => {
    await ctx.db.updateTable('users').set({ language: 'en' }).where('id', '=', member.id).execute();
    try {
      const response = await pageOf(member.id, member.token);
      expect(response.body).toMatch(/<html lang="en">/);
      expect(response.body).toContain('<title>My data · Kayak Club &amp; Co</title>');
      expect(response.body).toContain('<h2>Registrations</h2>');
      expect(response.headers['content-disposition']).toMatch(/filename="data-script-alert-x-script-bosser-/);
    } finally {
      await ctx.db.updateTable('users').set({ language: 'fr' }).where('id', '=', member.id).execute();
    }
  });

  it('is refused to other members, as the JSON export is', async () => {
    expect((await pageOf(member.id, adminToken)).statusCode).toBe(200);
    const refused = await pageOf(member.id, otherToken);
    expect(refused.statusCode).toBe(403);
    expect(refused.body).not.toContain('Bosser');
    expect((await pageOf(randomUUID(), adminToken)).statusCode).toBe(404);
    expect((await pageOf(member.id)).statusCode).toBe(401);
  });
});
