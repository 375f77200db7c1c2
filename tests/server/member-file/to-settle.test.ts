import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clubDayOf } from '../../../src/common/rules/club-time';
import {
  addDays,
  addMonths,
  lastDayUnder,
  previousSeason,
  seasonOf,
} from '../../../src/common/rules/member-file-days';
import { bearer, createTestContext, type TestContext } from '../helpers/test-context';

// « À régulariser » (docs/rules.md#members-file): the active members whose own file is not `ok` today, most
// severe first then by name, for Admins only; its CSV in the reader's language.
let ctx: TestContext;
let admin: { id: string; token: string };
const ids: Record<string, string> = {};

const today = () => clubDayOf(ctx.clock.now, 'Europe/Paris');
const season = () => seasonOf(today(), '09-01');

async function member(key: string, lastName: string, birthDate: string | null = '1990-05-05') {
  const { id } = await ctx.createUser(`settle-${key}`, 'User');
  await ctx.db
    .updateTable('users')
    .set({ first_name: 'Camille', last_name: lastName, birth_date: birthDate })
    .where('id', '=', id)
    .execute();
  ids[key] = id;
  return id;
}

const put = (url: string, payload: object) =>
  ctx.app.inject({ method: 'PUT', url, headers: bearer(admin.token), payload });
async function licence(id: string, seasonName = season(), number = '0042') {
  const answer = await put(`/api/user/${id}/licence`, {
    number,
    federation: 'FFCK',
    type: 'Canoë Plus',
    season: seasonName,
  });
  expect(answer.statusCode).toBe(200);
}
async function health(id: string, items: object[]) {
  expect((await put(`/api/user/${id}/health`, { items })).statusCode).toBe(200);
}

/** A CACI dated so that its last day (12 months less a day) is `today + days`. */
const caciEndingIn = (days: number) => addMonths(addDays(today(), days + 1), -12);

beforeAll(async () => {
  ctx = await createTestContext({ env: { RATE_LIMIT_LOGIN: '1000' } });
  const made = await ctx.createUser('settle-admin', 'Admin');
  await ctx.db
    .updateTable('users')
    .set({ first_name: 'Alix', last_name: 'Admin', birth_date: '1980-01-01' })
    .where('id', '=', made.id)
    .execute();
  admin = { id: made.id, token: await ctx.signIn('settle-admin') };
  // The Admin's own file is complete, so the list holds only the members below.
  await licence(admin.id);
  await health(admin.id, [{ kind: 'caci', date: addDays(today(), -10), competition: false }]);

  await licence(await member('ok', 'Complet'));
  await health(ids.ok ?? '', [{ kind: 'caci', date: addDays(today(), -10), competition: false }]);
  await licence(await member('soon', 'Bientôt'));
  await health(ids.soon ?? '', [{ kind: 'caci', date: caciEndingIn(19), competition: false }]);
  await licence(await member('missingB', 'Bernard'));
  await licence(await member('missingA', 'Aubert'));
  await health(ids.missingA ?? '', []);
  // Two seasons back: past any grace window, whatever today is.
  await licence(await member('expired', 'Ancien'), previousSeason(previousSeason(season())), '0007');
  await health(ids.expired ?? '', [{ kind: 'caci', date: addDays(today(), -10), competition: false }]);
  await licence(await member('unknown', 'Sansdate', null));
  const revoked = await member('revoked', 'Parti');
  await ctx.db.updateTable('users').set({ is_revoked: true }).where('id', '=', revoked).execute();
});
afterAll(() => ctx.close());

type Entry = {
  id: string;
  first_name: string | null;
  last_name: string | null;
  status: string;
  reasons: string[];
  licence: { season: string; number: string } | null;
  ends_on: string | null;
};
const read = async (token: string, url = '/api/user/dossiers-to-settle', headers: object = {}) =>
  ctx.app.inject({ method: 'GET', url, headers: { ...bearer(token), ...headers } });

describe('« À régulariser »', () => {
  it('lists every active member whose file is not ok, most severe first then by name, with reasons', async () => {
    const answer = await read(admin.token);
    expect(answer.statusCode).toBe(200);
    const entries = answer.json<Entry[]>();
    const mine = entries.filter((e) => Object.values(ids).includes(e.id));
    expect(mine.map((e) => e.last_name)).toEqual(['Aubert', 'Bernard', 'Ancien', 'Sansdate', 'Bientôt']);
    const byId = new Map(entries.map((e) => [e.id, e]));
    expect(byId.has(ids.ok ?? '')).toBe(false);
    expect(byId.has(ids.revoked ?? '')).toBe(false);
    expect(byId.has(admin.id)).toBe(false);
    expect(byId.get(ids.missingA ?? '')).toEqual({
      id: ids.missingA,
      first_name: 'Camille',
      last_name: 'Aubert',
      status: 'missing',
      reasons: ['health_missing'],
      licence: { season: season(), number: '0042' },
      ends_on: null,
    });
    expect(byId.get(ids.expired ?? '')).toMatchObject({
      status: 'expired',
      reasons: ['licence_expired'],
      licence: { season: previousSeason(previousSeason(season())), number: '0007' },
    });
    expect(byId.get(ids.unknown ?? '')).toMatchObject({ status: 'unknown', reasons: ['birth_date_missing'] });
    const soon = byId.get(ids.soon ?? '');
    expect(soon).toMatchObject({ status: 'soon', reasons: [] });
    expect(soon?.ends_on).toBe(lastDayUnder(caciEndingIn(19), 12));
    expect(soon?.ends_on).toBe(addDays(today(), 19));
  });

  it('is for Admins only: a member or a Contributor is refused 403, nobody signed in 401', async () => {
    await ctx.createUser('settle-user', 'User');
    await ctx.createUser('settle-contrib', 'Contributor');
    for (const username of ['settle-user', 'settle-contrib']) {
      const token = await ctx.signIn(username);
      expect((await read(token)).statusCode, username).toBe(403);
      expect((await read(token, '/api/user/dossiers-to-settle.csv')).statusCode, username).toBe(403);
    }
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/api/user/dossiers-to-settle' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('gives the same list as a CSV, French by default, with the status and reasons in words', async () => {
    const csv = await read(admin.token, '/api/user/dossiers-to-settle.csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe(
      `attachment; filename="dossiers-a-regulariser-${today()}.csv"`,
    );
    expect(csv.body.startsWith('\uFEFF')).toBe(true);
    const [header, ...lines] = parse(csv.body, { bom: true, delimiter: ';' }) as string[][];
    expect(header).toEqual([
      'Nom',
      'Prénom',
      'État du dossier',
      'À faire',
      'Saison de la licence',
      'Numéro de licence',
      "Complet jusqu'au",
    ]);
    const rows = lines.filter((line) => ['Aubert', 'Ancien', 'Bientôt'].includes(line[0] ?? ''));
    const [y, m, d] = addDays(today(), 19).split('-');
    expect(rows).toEqual([
      ['Aubert', 'Camille', 'Dossier incomplet', 'Il manque les papiers de santé', season(), '0042', ''],
      [
        'Ancien',
        'Camille',
        'Dossier à renouveler',
        "La licence n'est plus valable",
        previousSeason(previousSeason(season())),
        '0007',
        '',
      ],
      [
        'Bientôt',
        'Camille',
        'Dossier complet, un papier arrive à échéance',
        '',
        season(),
        '0042',
        `${d}/${m}/${y}`,
      ],
    ]);
    expect(lines).toHaveLength((await read(admin.token)).json<Entry[]>().length);
  });

  it('writes the CSV in English for a reader who asks for it', async () => {
    const csv = await read(admin.token, '/api/user/dossiers-to-settle.csv', { 'accept-language': 'en' });
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="files-to-settle-${today()}.csv"`);
    const [header, ...lines] = parse(csv.body, { bom: true, delimiter: ';' }) as string[][];
    expect(header?.slice(0, 4)).toEqual(['Last name', 'First name', 'File status', 'To do']);
    const unknown = lines.find((line) => line[0] === 'Sansdate');
    expect(unknown?.[3]).toBe(
      (await import('../../../src/common/i18n/later/en.json')).default.memberFile.reason.birth_date_missing,
    );
  });
});
