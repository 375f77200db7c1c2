import { isZoneOffsets, tableOffset } from '@common/rules/zone-offsets';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, type TestContext } from '../helpers/test-context';

const DAY = 86_400_000;

let ctx: TestContext;
let contributor: Record<string, string>;
let member: Record<string, string>;

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.createUser('carla', 'Contributor');
  await ctx.createUser('admin', 'Admin');
  await ctx.createUser('mel');
  contributor = bearer(await ctx.signIn('carla'));
  member = bearer(await ctx.signIn('mel'));
});
afterAll(() => ctx.close());

const call = (
  method: 'GET' | 'POST' | 'DELETE' | 'PUT',
  url: string,
  headers: Record<string, string>,
  payload?: object,
) => ctx.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

describe('event models', () => {
  it('creates, lists with descriptions, updates and deletes', async () => {
    const created = await call('POST', '/api/event/model/add', contributor, {
      name: ' Kayak de mer ',
      description: 'Sortie à la journée',
    });
    expect(created.statusCode).toBe(200);
    const model = created.json();
    expect(model).toEqual({
      uuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'Kayak de mer',
      description: 'Sortie à la journée',
      // A model asks nothing of members' files until it says so (docs/rules.md#members-file).
      requirements: null,
      enforcement: 'warn',
    });
    await call('POST', '/api/event/model/add', contributor, { name: 'Aviron', description: 'Sur le lac' });

    const list = await call('GET', '/api/event/model', member);
    expect(list.json().map((m: { name: string }) => m.name)).toEqual(['Aviron', 'Kayak de mer']);
    expect(list.json()[1]).toEqual(model);

    const updated = await call('POST', '/api/event/model/update', contributor, {
      uuid: model.uuid,
      name: 'Kayak',
      description: 'Demi-journée',
    });
    expect(updated.json()).toEqual({
      uuid: model.uuid,
      name: 'Kayak',
      description: 'Demi-journée',
      requirements: null,
      enforcement: 'warn',
    });
    expect((await call('DELETE', `/api/event/model/delete/${model.uuid}`, contributor)).statusCode).toBe(204);
    expect((await call('DELETE', `/api/event/model/delete/${model.uuid}`, contributor)).json().code).toBe(
      'not_found',
    );
    const gone = await call('POST', '/api/event/model/update', contributor, {
      uuid: model.uuid,
      name: 'Kayak',
      description: 'x',
    });
    expect(gone.statusCode).toBe(404);
  });
});

describe('stuff', () => {
  it('requires a stock unless infinite, and stores infinite stock as 0', async () => {
    const missing = await call('POST', '/api/stuff/add', contributor, {
      name: 'Gilet',
      description: 'Taille M',
    });
    expect(missing.json()).toMatchObject({ code: 'invalid_input', field: 'stock' });
    const infinite = await call('POST', '/api/stuff/add', contributor, {
      name: 'Gourde',
      description: 'Prêt',
      is_infinite: true,
      stock: 12,
    });
    expect(infinite.json()).toMatchObject({ name: 'Gourde', is_infinite: true, stock: 0 });
    const counted = await call('POST', '/api/stuff/add', contributor, {
      name: 'Gilet',
      description: 'Taille M',
      stock: 8,
    });
    expect(counted.json()).toMatchObject({ stock: 8, is_infinite: false });

    const updated = await call('POST', '/api/stuff/update', contributor, {
      uuid: counted.json().uuid,
      name: 'Gilet',
      description: 'Taille L',
      stock: 3,
    });
    expect(updated.json()).toMatchObject({ description: 'Taille L', stock: 3 });
    const list = await call('GET', '/api/stuff', member);
    expect(list.json().map((s: { name: string; stock: number }) => `${s.name}:${s.stock}`)).toEqual([
      'Gilet:3',
      'Gourde:0',
    ]);
  });
});

describe('a stuff’s kind (docs/rules.md#stuff)', () => {
  it('is saved trimmed, kept when an update leaves it out, cleared when emptied, and at most 40 characters', async () => {
    const created = await call('POST', '/api/stuff/add', contributor, {
      name: 'Pagaie double',
      description: 'Carbone',
      stock: 6,
      kind: ' Pagaies ',
    });
    expect(created.json()).toMatchObject({ kind: 'Pagaies' });
    const uuid = created.json().uuid;
    const same = { uuid, name: 'Pagaie double', description: 'Carbone 210 cm', stock: 6 };
    expect((await call('POST', '/api/stuff/update', contributor, same)).json()).toMatchObject({
      kind: 'Pagaies',
    });
    expect(
      (await call('POST', '/api/stuff/update', contributor, { ...same, kind: '' })).json(),
    ).toMatchObject({
      kind: null,
    });
    const long = await call('POST', '/api/stuff/add', contributor, {
      name: 'Gilet',
      description: 'M',
      stock: 1,
      kind: 'x'.repeat(41),
    });
    expect(long.json()).toMatchObject({ code: 'invalid_input', field: 'kind' });
  });
});

describe('slogan', () => {
  it('is set by an admin within 500 characters and read by anyone', async () => {
    const admin = bearer(await ctx.signIn('admin'));
    const saved = await call(
      'PUT',
      `/api/internal/settings?key=slogan&value=${encodeURIComponent('Tous à l’eau !')}`,
      admin,
    );
    expect(saved.json()).toEqual({ key: 'slogan', value: 'Tous à l’eau !' });
    expect((await call('GET', '/api/internal/settings?key=slogan', {})).json().value).toBe('Tous à l’eau !');
    const tooLong = await call('PUT', `/api/internal/settings?key=slogan&value=${'x'.repeat(501)}`, admin);
    expect(tooLong.json()).toMatchObject({ code: 'invalid_input', field: 'value' });
  });
});

describe('start settings', () => {
  it('answers the time zone, slogan and logo in one public request, as the one-key reads do', async () => {
    const answer = await call('GET', '/api/internal/settings/start', {});
    expect(answer.statusCode).toBe(200);
    const one = async (key: string) =>
      (await call('GET', `/api/internal/settings?key=${key}`, {})).json().value;
    expect(answer.json()).toEqual({
      timezone: await one('timezone'),
      timezone_offsets: expect.any(Object),
      slogan: await one('slogan'),
      logo: await one('logo'),
      club_name: 'Équipée',
      accent_colour: '#1d4ed8',
      // No short name set: the club's name, cut to 12 characters (docs/rules.md#club-settings).
      short_name: 'Équipée',
    });
    expect(answer.json().timezone).toBe('Europe/Paris');
    // The same answer with a member's token: public, and never a 401 for a stale token.
    const withToken = await call('GET', '/api/internal/settings/start', member);
    expect(withToken.json()).toEqual(answer.json());
    const stale = await call('GET', '/api/internal/settings/start', { authorization: 'Bearer stale' });
    expect(stale.statusCode).toBe(200);
  });
});

describe('the zone table of the start settings', () => {
  it('gives Intl’s offsets of the club’s zone around the server’s today, summer time included', async () => {
    ctx.clock.now = new Date('2026-03-10T12:00:00Z');
    const table = (await call('GET', '/api/internal/settings/start', {})).json().timezone_offsets;
    expect(isZoneOffsets(table)).toBe(true);
    expect(table.zone).toBe('Europe/Paris');
    const now = ctx.clock.now.getTime();
    // Wide enough for the client to keep it (a month back, most of a year ahead), drawn from today.
    expect(table.from).toBeLessThanOrEqual(now - 30 * DAY);
    expect(table.to).toBeGreaterThanOrEqual(now + 300 * DAY);
    const paris = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Paris', timeZoneName: 'shortOffset' });
    const intlHours = (at: number) => {
      const name = paris.formatToParts(at).find((p) => p.type === 'timeZoneName')?.value ?? '';
      return Number(name.replace('GMT', '') || '0');
    };
    for (let at = table.from; at < table.to; at += 7 * DAY + 3 * 3_600_000)
      expect(tableOffset(table, at), new Date(at).toISOString()).toBe(intlHours(at) * 3_600_000);
    // The change of 29 March 2026 to the second.
    expect(tableOffset(table, Date.parse('2026-03-29T00:59:59Z'))).toBe(3_600_000);
    expect(tableOffset(table, Date.parse('2026-03-29T01:00:00Z'))).toBe(7_200_000);
  });
});

describe('OpenAPI', () => {
  it('documents every path of the API from the contract', async () => {
    const response = await call('GET', '/api/docs/json', {});
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    for (const path of [
      '/api/user/login',
      '/api/user/register',
      '/api/user/confirm/{token}',
      '/api/user/reset',
      '/api/user/profile/update/{id}',
      '/api/user/role/{id}',
      '/api/user/status/{id}',
      '/api/user/profile/picture',
      '/api/user/preference/{id}',
      '/api/user/system/settings/{id}',
      '/api/internal/settings',
      '/api/internal/settings/logo',
      '/api/internal/settings/start',
      '/api/event/model',
      '/api/event/model/add',
      '/api/stuff/delete/{id}',
      '/api/event/series',
      '/api/event/series/{id}',
      '/api/event/series/{id}/subscribe',
    ]) {
      expect(Object.keys(document.paths)).toContain(path);
    }
    const login = document.paths['/api/user/login'].post;
    expect(Object.keys(login.requestBody.content['application/json'].schema.properties)).toEqual([
      'username_or_email',
      'password',
    ]);
    const page = await call('GET', '/api/docs', {});
    expect([200, 302]).toContain(page.statusCode);
  });
});
