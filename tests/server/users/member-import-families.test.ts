import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailHeader, type SmtpSink, startSmtpSink } from '../helpers/smtp-sink';
import { bearer, createTestContext, type TestContext } from '../helpers/test-context';

// The import's family columns (docs/rules.md#families): a French Excel export (`;`, Windows-1252) where two
// children of one family share the parents' mailbox as their guardian's address, a 14-year-old without an
// address of their own, a second parent unknown to the club: children without a login, named from their
// names, each guardian linked or invited; one level only; the same file twice makes nobody twice.
let ctx: TestContext;
let smtp: SmtpSink;
let adminToken: string;

beforeAll(async () => {
  smtp = await startSmtpSink();
  ctx = await createTestContext({ env: { SMTP_URL: smtp.url, PUBLIC_URL: 'https://club.example.org' } });
  const admin = await ctx.createUser('famimport', 'Admin');
  adminId = admin.id;
  await ctx.createUser('guardedteen', 'User'); // guardedteen@example.org, given a guardian below
  const parent = await ctx.createUser('someparent', 'User');
  const teen = await ctx.db
    .selectFrom('users')
    .select('id')
    .where('username', '=', 'guardedteen')
    .executeTakeFirstOrThrow();
  await ctx.db
    .insertInto('guardianships')
    .values({ child_id: teen.id, guardian_id: parent.id, created_by: parent.id, created_at: new Date() })
    .execute();
  adminToken = await ctx.signIn('famimport');
});
let adminId = '';
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

const importFile = (body: Buffer, dryRun: boolean) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/user/import?dry_run=${dryRun}`,
    headers: { ...bearer(adminToken), 'content-type': 'text/csv' },
    payload: body,
  });

/** Two and a half years, fourteen, and grown-ups; birth dates as a French spreadsheet writes them. */
const ago = (years: number) => {
  const day = new Date(ctx.clock.now.getTime() - 5 * 86_400_000);
  day.setUTCFullYear(day.getUTCFullYear() - years);
  const [y, m, d] = day.toISOString().slice(0, 10).split('-');
  return `${d}/${m}/${y}`;
};

const file = () =>
  Buffer.from(
    [
      'Prénom;Nom;Email;Date de naissance;Email responsable 1;Email responsable 2',
      `Éloi;PÉRON;;${ago(9)};famille.peron@example.org;papa.peron@example.org`,
      `Maël;PÉRON;;${ago(12)};famille.peron@example.org;`,
      `Inès;Kerlo;;${ago(14)};ines.parent@example.org;`,
      `Anne;PÉRON;famille.peron@example.org;${ago(40)};;`,
      `Zoé;Adulte;;${ago(30)};zoe.parent@example.org;`,
      `Noa;Boucle;;${ago(10)};guardedteen@example.org;`,
      `Tom;SansNom;;31/02/2015;tom.parent@example.org;`,
      `;Anonyme;;${ago(8)};anon.parent@example.org;`,
    ].join('\r\n'),
    'latin1',
  );

describe('importing families', () => {
  it('previews children without a login, their guardians, and what is refused, writing nothing', async () => {
    const response = await importFile(file(), true);
    expect(response.statusCode).toBe(200);
    expect(response.json().rows).toEqual([
      expect.objectContaining({
        line: 2,
        username: 'eloi.peron',
        status: 'new',
        is_child: true,
        guardian_emails: ['famille.peron@example.org', 'papa.peron@example.org'],
      }),
      expect.objectContaining({ line: 3, username: 'mael.peron', status: 'new', is_child: true }),
      expect.objectContaining({ line: 4, username: 'ines.kerlo', status: 'new', is_child: true }),
      expect.objectContaining({ line: 5, email: 'famille.peron@example.org', status: 'new' }),
      expect.objectContaining({ line: 6, status: 'error', code: 'birth_date_invalid' }), // 30: no child
      expect.objectContaining({ line: 7, status: 'error', code: 'guardian_loop' }), // a guarded member guards nobody
      expect.objectContaining({ line: 8, status: 'error', code: 'birth_date_invalid' }), // 31 February
      expect.objectContaining({ line: 9, status: 'error', code: 'child_name_missing' }),
    ]);
    expect(
      await ctx.db.selectFrom('users').select('id').where('username', '=', 'eloi.peron').executeTakeFirst(),
    ).toBeUndefined();
  });

  it('creates the children, links each guardian (an unknown parent invited first), and the same file twice makes nobody twice', async () => {
    const response = await importFile(file(), false);
    expect(response.statusCode).toBe(200);
    // Three children, Anne, and papa.peron and ines.parent invited as guardians.
    expect(response.json()).toMatchObject({ dry_run: false, created: 6 });
    const user = (username: string) =>
      ctx.db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirstOrThrow();
    const eloi = await user('eloi.peron');
    expect(eloi).toMatchObject({ email: null, password_hash: null, first_name: 'Éloi', last_name: 'PÉRON' });
    const guardiansOf = async (childId: string) =>
      (
        await ctx.db
          .selectFrom('guardianships')
          .innerJoin('users', 'users.id', 'guardianships.guardian_id')
          .select(['users.email', 'guardianships.created_by'])
          .where('guardianships.child_id', '=', childId)
          .execute()
      )
        .map((row) => [row.email, row.created_by])
        .sort();
    expect(await guardiansOf(eloi.id)).toEqual([
      ['famille.peron@example.org', adminId],
      ['papa.peron@example.org', adminId],
    ]);
    expect(await guardiansOf((await user('mael.peron')).id)).toEqual([
      ['famille.peron@example.org', adminId],
    ]);
    // The unknown parents got an invitation; the children, having no address, none.
    const toNewParents = () => smtp.received.filter((m) => /papa\.peron|ines\.parent/.test(m.to.join(',')));
    await expect.poll(() => toNewParents().length, { timeout: 10_000 }).toBe(2);
    expect(toNewParents().map((m) => mailHeader(m.raw, 'subject'))).toEqual([
      expect.any(String),
      expect.any(String),
    ]);
    expect(smtp.received.some((m) => m.to.join(',').includes('eloi'))).toBe(false);

    const again = await importFile(file(), false);
    expect(again.json()).toMatchObject({ created: 0 });
    expect(again.json().rows.slice(0, 4)).toEqual([
      expect.objectContaining({ username: 'eloi.peron', status: 'exists' }),
      expect.objectContaining({ username: 'mael.peron', status: 'exists' }),
      expect.objectContaining({ username: 'ines.kerlo', status: 'exists' }),
      expect.objectContaining({ email: 'famille.peron@example.org', status: 'exists' }),
    ]);
  });
});
