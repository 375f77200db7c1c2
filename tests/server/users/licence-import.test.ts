import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, type TestContext } from '../helpers/test-context';

// A federation's licence export through the member import (docs/rules.md#members-in-and-out): each row finds
// its member by licence number, then by names and birth date; the preview says how, the import records the
// licence as an Admin's form would, twice the same file records nothing more, and health columns are never read.

let ctx: TestContext;
let adminToken: string;
const ids: Record<string, string> = {};

const setProfile = (id: string, first_name: string, last_name: string, birth_date: string) =>
  ctx.db.updateTable('users').set({ first_name, last_name, birth_date }).where('id', '=', id).execute();

beforeAll(async () => {
  ctx = await createTestContext({ env: { RATE_LIMIT_LOGIN: '1000' } });
  ctx.clock.now = new Date('2026-03-15T10:00:00Z');
  await ctx.createUser('admin', 'Admin');
  adminToken = await ctx.signIn('admin');
  for (const name of ['paul', 'helene', 'jean1', 'jean2', 'chloe', 'other_admin']) {
    ids[name] = (await ctx.createUser(name, name === 'other_admin' ? 'Admin' : 'User')).id;
  }
  await setProfile(ids.paul as string, 'Paul', 'Durand', '2001-06-02');
  await setProfile(ids.helene as string, 'Hélène', 'Le Bihan', '1990-03-12');
  await setProfile(ids.jean1 as string, 'Jean', 'Martin', '1980-01-01');
  await setProfile(ids.jean2 as string, 'Jean', 'Martin', '1980-01-01'); // a namesake born the same day
  await setProfile(ids.chloe as string, 'Chloé', 'Roux', '1995-07-20');
  await setProfile(ids.other_admin as string, 'Anne', 'Admin', '1970-05-05');
  // Paul's licence number is known from last season: this season's row finds him by it, whatever his names.
  const last = await ctx.app.inject({
    method: 'PUT',
    url: `/api/user/${ids.paul}/licence`,
    headers: bearer(adminToken),
    payload: { number: '0456789', federation: 'FFCK', type: 'Canoë Plus', season: '2024-2025' },
  });
  expect(last.statusCode).toBe(200);
  const types = await ctx.app.inject({
    method: 'PUT',
    url: '/api/internal/club-settings',
    headers: bearer(adminToken),
    payload: {
      licence_types: [
        { name: 'Canoë Plus', opens_competition: true },
        { name: 'Pagaie Blanche', opens_competition: false },
      ],
    },
  });
  expect(types.statusCode).toBe(200);
});
afterAll(() => ctx.close());

// As a federation's intranet exports it: French headers with accents, `;`, dd/mm/yyyy, health columns too.
const FFCK_EXPORT = [
  'N° licence;Nom;Prénom;Date de naissance;Sexe;Type de licence;Date de début;Date de fin;Certificat médical;Date CACI;Questionnaire santé;Email',
  '0456789;DURAND;Paul;02/06/2001;M;Canoë Plus;01/01/2026;31/12/2026;Oui;10/01/2026;Non;',
  '0511223;LE BIHAN;Helene;12/03/1990;F;canoe plus;01/01/2026;31/12/2026;Oui;05/01/2026;;',
  '0622334;MARTIN;Jean;01/01/1980;M;Pagaie Blanche;01/01/2026;31/12/2026;;;;',
  '0733445;INCONNU;Zoé;14/02/2003;F;Canoë Plus;01/01/2026;31/12/2026;Oui;;;',
  '0844556;NOUVEAU;Léa;09/09/1999;F;Pagaie Blanche;01/01/2026;31/12/2026;;;;lea.nouveau@example.org',
  '0955667;ROUX;Chloé;20/07/1995;F;Canoë Loisir;01/01/2026;31/12/2026;;;;',
  '0966778;ADMIN;Anne;05/05/1970;F;Canoë Plus;01/01/2026;31/12/2026;;;;',
].join('\r\n');

const importFile = (body: string, dryRun: boolean, query = '&federation=FFCK') =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/user/import?dry_run=${dryRun}${query}`,
    headers: { ...bearer(adminToken), 'content-type': 'text/csv' },
    payload: body,
  });

const licencesOf = (userId: string) =>
  ctx.db.selectFrom('licences').selectAll().where('user_id', '=', userId).orderBy('season').execute();

const THIS_SEASON = {
  season: '2025-2026',
  federation: 'FFCK',
  start: '2026-01-01',
  end: '2026-12-31',
};

describe('a federation licence export', () => {
  it('previews each row: the member found and how, the licence, or why not; health columns ignored', async () => {
    const response = await importFile(FFCK_EXPORT, true);
    expect(response.statusCode).toBe(200);
    const answer = response.json();
    expect(answer).toMatchObject({ dry_run: true, created: 0, licences_recorded: 0, licence_file: true });
    expect(answer.ignored_columns).toEqual(['Certificat médical', 'Date CACI', 'Questionnaire santé']);
    expect(answer.rows).toEqual([
      expect.objectContaining({
        line: 2,
        status: 'exists',
        match: 'number',
        username: 'paul',
        member: { username: 'paul', first_name: 'Paul', last_name: 'Durand' },
        licence: { ...THIS_SEASON, number: '0456789', type: 'Canoë Plus', unchanged: false },
      }),
      expect.objectContaining({
        line: 3,
        status: 'exists',
        match: 'name_birth_date',
        username: 'helene',
        // The club's own spelling of the type, case and accents aside.
        licence: { ...THIS_SEASON, number: '0511223', type: 'Canoë Plus', unchanged: false },
      }),
      expect.objectContaining({
        line: 4,
        status: 'error',
        code: 'member_ambiguous',
        match: 'name_birth_date',
      }),
      expect.objectContaining({
        line: 5,
        status: 'error',
        code: 'member_not_found',
        licence: expect.objectContaining({ number: '0733445' }),
      }),
      expect.objectContaining({
        line: 6,
        status: 'new',
        match: 'new',
        email: 'lea.nouveau@example.org',
        licence: expect.objectContaining({ number: '0844556', type: 'Pagaie Blanche' }),
      }),
      expect.objectContaining({ line: 7, status: 'error', code: 'licence_type_unknown', username: 'chloe' }),
      // An Admin may not change another Admin's account, so not their licence either.
      expect.objectContaining({ line: 8, status: 'error', code: 'member_not_editable' }),
    ]);
    // A preview writes nothing.
    expect(await licencesOf(ids.helene as string)).toEqual([]);
    expect(await licencesOf(ids.paul as string)).toHaveLength(1);
  });

  it('records each licence with its own days, by the Admin, and never a health item', async () => {
    const response = await importFile(FFCK_EXPORT, false);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ dry_run: false, created: 1, licences_recorded: 3 });
    const admin = await ctx.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'admin')
      .executeTakeFirstOrThrow();
    expect(await licencesOf(ids.helene as string)).toEqual([
      expect.objectContaining({
        season: '2025-2026',
        number: '0511223',
        federation: 'FFCK',
        type: 'Canoë Plus',
        start_day: '2026-01-01',
        end_day: '2026-12-31',
        recorded_by: admin.id,
      }),
    ]);
    // Paul keeps last season's licence and gains this one.
    expect((await licencesOf(ids.paul as string)).map((l) => l.season)).toEqual(['2024-2025', '2025-2026']);
    const lea = await ctx.db
      .selectFrom('users')
      .select(['id', 'confirmed_at'])
      .where('email', '=', 'lea.nouveau@example.org')
      .executeTakeFirstOrThrow();
    expect(lea.confirmed_at).toBeNull(); // invited, as the import invites
    expect(await licencesOf(lea.id)).toEqual([expect.objectContaining({ number: '0844556' })]);
    for (const id of [ids.jean1, ids.jean2, ids.chloe, ids.other_admin])
      expect(await licencesOf(id as string)).toEqual([]);
    expect(await ctx.db.selectFrom('health_items').selectAll().execute()).toEqual([]);
    const unknown = await ctx.db
      .selectFrom('users')
      .select('id')
      .where('last_name', '=', 'INCONNU')
      .execute();
    expect(unknown).toEqual([]);
  });

  it('records nothing more when the same file comes again: every licence is unchanged', async () => {
    const before = await ctx.db.selectFrom('licences').selectAll().orderBy('user_id').execute();
    const response = await importFile(FFCK_EXPORT, false);
    expect(response.statusCode).toBe(200);
    const answer = response.json();
    expect(answer).toMatchObject({ created: 0, licences_recorded: 0 });
    // Léa is now found by her licence number.
    expect(answer.rows[4]).toMatchObject({ status: 'exists', match: 'number', licence: { unchanged: true } });
    expect(
      answer.rows.filter((r: { licence?: { unchanged: boolean } }) => r.licence?.unchanged),
    ).toHaveLength(3);
    expect(await ctx.db.selectFrom('licences').selectAll().orderBy('user_id').execute()).toEqual(before);
  });

  it("keeps the export's last day: the dossier says the licence has expired after it", async () => {
    const file = [
      'Numéro de licence;Nom;Prénom;Date de naissance;Type;Saison;Fin de validité;Fédération',
      '0511223;Le Bihan;Hélène;1990-03-12;Canoë Plus;2025/2026;2026-03-01;FFCK',
    ].join('\n');
    const response = await importFile(file, false, '');
    expect(response.statusCode).toBe(200);
    expect(response.json().rows[0]).toMatchObject({
      match: 'number',
      licence: { season: '2025-2026', start: null, end: '2026-03-01', unchanged: false },
    });
    const dossier = await ctx.app.inject({
      method: 'GET',
      url: `/api/user/${ids.helene}/dossier?date=2026-03-15`,
      headers: bearer(adminToken),
    });
    expect(dossier.statusCode).toBe(200);
    expect(dossier.json().reasons).toContain('licence_expired');
  });

  it('says why a row has no licence: no federation, unreadable days, no season', async () => {
    const file = [
      'Licence;First name;Last name;Birth date;Licence type;Start date;End date;Season',
      '1000001;Chloé;Roux;20/07/1995;Pagaie Blanche;01/01/2026;31/12/2026;',
      '1000002;Chloé;Roux;20/07/1995;Pagaie Blanche;31/02/2026;;',
      '1000003;Chloé;Roux;20/07/1995;Pagaie Blanche;;;',
      '1000004;Chloé;Roux;20/07/1995;Pagaie Blanche;31/12/2026;01/01/2026;',
    ].join('\n');
    const withoutFederation = await importFile(file, true, '');
    expect(withoutFederation.json().rows[0]).toMatchObject({ status: 'error', code: 'licence_incomplete' });
    const rows = (await importFile(file, true)).json().rows;
    expect(rows.map((r: { code?: string }) => r.code)).toEqual([
      undefined,
      'licence_date_invalid',
      'licence_season_invalid',
      'licence_date_invalid',
    ]);
    expect(rows[0]).toMatchObject({ status: 'exists', match: 'name_birth_date', username: 'chloe' });
  });

  it('reads the export as Excel saves it on a French Windows: Windows-1252, « N° », `;`', async () => {
    const file = Buffer.from(
      'N° licence;Nom;Prénom;Né le;Type de licence;Début de validité;Fin de validité\r\n' +
        '0999001;ROUX;Chloé;20/07/1995;Pagaie Blanche;01/01/2026;31/12/2026\r\n',
      'latin1', // the same bytes as Windows-1252 for these letters
    );
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/import?dry_run=true&federation=FFCK',
      headers: { ...bearer(adminToken), 'content-type': 'text/csv' },
      payload: file,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().rows[0]).toMatchObject({
      status: 'exists',
      match: 'name_birth_date',
      username: 'chloe',
      licence: { season: '2025-2026', number: '0999001', type: 'Pagaie Blanche', start: '2026-01-01' },
    });
  });

  it('still asks for an email column in a file of members, and still ignores health columns there', async () => {
    const refused = await importFile('Nom;Prénom\nDurand;Paul\n', true, '');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'import_no_email_column' });
    const members = await importFile('Email;Nom;Certificat médical\nnew.one@example.org;One;Oui\n', true, '');
    expect(members.json()).toMatchObject({ ignored_columns: ['Certificat médical'] });
    expect(members.json().rows[0]).toMatchObject({ status: 'new' });
    expect(members.json().licence_file).toBeUndefined();
  });
});
