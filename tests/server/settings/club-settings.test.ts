import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composeMail } from '../../../server/mail/compose-mail';
import { readClubBrand } from '../../../server/modules/settings/club-settings';
import { bearer, createTestContext, type TestContext } from '../helpers/test-context';

// Club settings (docs/rules.md#club-settings): the club's name, accent colour and reminder delay, set by an
// Admin; the start settings (the app's header) and the mails follow.
let ctx: TestContext;
let admin: string;
let member: string;

beforeAll(async () => {
  ctx = await createTestContext({
    env: { MAIL_FROM: '"Kayak Club Brest" <club@example.org>', RATE_LIMIT_LOGIN: '1000' },
  });
  await ctx.createUser('admin', 'Admin');
  admin = await ctx.signIn('admin');
  await ctx.createUser('member');
  member = await ctx.signIn('member');
});
afterAll(() => ctx.close());

const read = (token: string) =>
  ctx.app.inject({ method: 'GET', url: '/api/internal/club-settings', headers: bearer(token) });
const write = (token: string, payload: object) =>
  ctx.app.inject({ method: 'PUT', url: '/api/internal/club-settings', headers: bearer(token), payload });

describe('the club settings', () => {
  it("default to MAIL_FROM's name, the theme colour and 24 h; Admins only", async () => {
    const answer = await read(admin);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({
      club_name: 'Kayak Club Brest',
      accent_colour: '#1d4ed8',
      reminder_hours: 24,
      show_attendees: true,
      child_login_age: 15,
      guardians_invite_guardians: true,
      short_name: null,
      season_start: '09-01',
      grace_end: '09-30',
      health_profile: 'code_du_sport',
      licence_types: [],
      health_keep_seasons: 1,
      health_preset_copy: null,
    });
    expect((await read(member)).statusCode).toBe(403);
    expect((await write(member, { club_name: 'Mine' })).statusCode).toBe(403);
  });

  it('change one at a time; the start settings and the mails follow', async () => {
    expect((await write(admin, { accent_colour: '#0F766E' })).json()).toEqual({
      club_name: 'Kayak Club Brest',
      accent_colour: '#0f766e',
      reminder_hours: 24,
      show_attendees: true,
      child_login_age: 15,
      guardians_invite_guardians: true,
      short_name: null,
      season_start: '09-01',
      grace_end: '09-30',
      health_profile: 'code_du_sport',
      licence_types: [],
      health_keep_seasons: 1,
      health_preset_copy: null,
    });
    const saved = await write(admin, { club_name: '  Les Pagayeurs  ', reminder_hours: 0 });
    expect(saved.json()).toEqual({
      club_name: 'Les Pagayeurs',
      accent_colour: '#0f766e',
      reminder_hours: 0,
      show_attendees: true,
      child_login_age: 15,
      guardians_invite_guardians: true,
      short_name: null,
      season_start: '09-01',
      grace_end: '09-30',
      health_profile: 'code_du_sport',
      licence_types: [],
      health_keep_seasons: 1,
      health_preset_copy: null,
    });
    const start = (await ctx.app.inject({ method: 'GET', url: '/api/internal/settings/start' })).json();
    expect([start.club_name, start.accent_colour]).toEqual(['Les Pagayeurs', '#0f766e']);

    const { html } = await composeMail({
      kind: 'event_update',
      language: 'fr',
      subject: 'Modifié',
      text: 'Bonjour',
      actions: [],
      isSwitchable: true,
      brand: await readClubBrand(ctx.db, ctx.config),
    });
    expect(html).toContain('Les Pagayeurs');
    expect(html).toContain('background-color:#0f766e');
  });

  it('take a short name of 1–12 characters, trimmed; null clears it; the start settings say which to show', async () => {
    const start = async () =>
      (await ctx.app.inject({ method: 'GET', url: '/api/internal/settings/start' })).json().short_name;
    // Unset: the club's name cut to 12.
    expect(await start()).toBe('Les Pagayeur');
    const saved = await write(admin, { short_name: '  Pagayeurs  ' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().short_name).toBe('Pagayeurs');
    expect(await start()).toBe('Pagayeurs');
    expect((await write(admin, { short_name: 'x'.repeat(12) })).json().short_name).toBe('x'.repeat(12));
    for (const payload of [{ short_name: 'x'.repeat(13) }, { short_name: '   ' }, { short_name: 12 }]) {
      const refused = await write(admin, payload);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ code: 'invalid_input', field: 'short_name' });
    }
    expect((await read(admin)).json().short_name).toBe('x'.repeat(12));
    expect((await write(admin, { short_name: null })).json().short_name).toBeNull();
    expect(await start()).toBe('Les Pagayeur');
    expect((await write(member, { short_name: 'Mine' })).statusCode).toBe(403);
  });

  it('refuses an accent colour white text cannot be read on (under 4.5:1), changing nothing', async () => {
    const before = (await read(admin)).json();
    for (const colour of ['#ffff00', '#FFFFFF', '#777777', '#ff0000']) {
      const answer = await write(admin, { accent_colour: colour, club_name: 'Jamais' });
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({ code: 'invalid_input', field: 'accent_colour' });
    }
    expect((await read(admin)).json()).toEqual(before);
    // Just over the line passes.
    expect((await write(admin, { accent_colour: '#767676' })).json().accent_colour).toBe('#767676');
    expect((await write(admin, { accent_colour: before.accent_colour })).statusCode).toBe(200);
  });

  it('refuses a bad colour, a name too long or blank, and a delay outside 0–72, changing nothing', async () => {
    const before = (await read(admin)).json();
    for (const payload of [
      { accent_colour: 'red' },
      { accent_colour: '#12345' },
      { club_name: '   ' },
      { club_name: 'x'.repeat(81) },
      { reminder_hours: 73 },
      { reminder_hours: -1 },
      { reminder_hours: 1.5 },
    ]) {
      const answer = await write(admin, payload);
      expect(answer.statusCode).toBe(400);
      expect(answer.json().code).toBe('invalid_input');
    }
    expect((await read(admin)).json()).toEqual(before);
  });
});
