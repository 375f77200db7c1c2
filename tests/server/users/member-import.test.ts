import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mailText, type SmtpSink, startSmtpSink } from '../helpers/smtp-sink';
import { bearer, createTestContext, type TestContext } from '../helpers/test-context';

// Import (docs/rules.md#members-in-and-out): members come in from a spreadsheet, a preview first, then all
// the new rows or none.

let ctx: TestContext;
let smtp: SmtpSink;
let adminToken: string;

beforeAll(async () => {
  smtp = await startSmtpSink();
  ctx = await createTestContext({ env: { SMTP_URL: smtp.url, PUBLIC_URL: 'https://club.example.org' } });
  await ctx.createUser('admin', 'Admin');
  await ctx.createUser('jeanne', 'User'); // jeanne@example.org
  adminToken = await ctx.signIn('admin');
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

const importFile = (body: string | Buffer, dryRun: boolean, token = adminToken) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/user/import?dry_run=${dryRun}`,
    headers: { ...bearer(token), 'content-type': 'text/csv' },
    payload: body,
  });

const userCount = async () =>
  Number(
    (
      await ctx.db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

const userByEmail = (email: string) =>
  ctx.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();

describe('the preview (dry run)', () => {
  it('says what each row would become, and writes nothing', async () => {
    const before = await userCount();
    const file = [
      'email,username,first name,last name',
      'paul@example.org,,Paul,Durand',
      'JEANNE@Example.org,,Jeanne,Existe', // an existing member's email, case aside
      ',nobody,No,Email',
      'not-an-email,,Bad,Email',
      'paul@example.org,,Paul,Twice', // the same email again in the file
      'zoe@example.org,admin,Zoé,Taken', // a username another account holds
      'jeanne.b@example.org,,Jeanne,Bis', // jeanne.b: free
      'jeanne@club.example.org,,Jeanne,Ter', // jeanne: taken, made from the email, so jeanne2
    ].join('\n');
    const response = await importFile(file, true);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ dry_run: true, created: 0 });
    expect(response.json().rows).toEqual([
      expect.objectContaining({ line: 2, email: 'paul@example.org', username: 'paul', status: 'new' }),
      expect.objectContaining({ line: 3, email: 'jeanne@example.org', username: 'jeanne', status: 'exists' }),
      expect.objectContaining({ line: 4, status: 'error', code: 'email_missing' }),
      expect.objectContaining({ line: 5, status: 'error', code: 'email_invalid' }),
      expect.objectContaining({ line: 6, status: 'error', code: 'duplicate_in_file' }),
      expect.objectContaining({ line: 7, username: 'admin', status: 'error', code: 'username_taken' }),
      expect.objectContaining({ line: 8, username: 'jeanne.b', status: 'new' }),
      expect.objectContaining({ line: 9, username: 'jeanne2', status: 'new' }),
    ]);
    expect(await userCount()).toBe(before);
    expect(await userByEmail('paul@example.org')).toBeUndefined();
  });

  it('reads a Windows-1252 file with `;` as French Excel saves it, accents included', async () => {
    const file = Buffer.from(
      'Prénom;Nom;Adresse e-mail;Téléphone\r\nHélène;Le Bihan;helene.lebihan@example.org;06.12.34.56.78\r\n',
      'latin1', // the same bytes as Windows-1252 for these letters
    );
    expect(file.includes(0xe9)).toBe(true); // « é » is one byte: not UTF-8
    const response = await importFile(file, true);
    expect(response.statusCode).toBe(200);
    expect(response.json().rows).toEqual([
      {
        line: 2,
        email: 'helene.lebihan@example.org',
        username: 'helene.lebihan',
        first_name: 'Hélène',
        last_name: 'Le Bihan',
        status: 'new',
      },
    ]);
  });

  it('reads UTF-8 with a BOM, English headers in any order, and quoted cells holding the separator', async () => {
    const file = `\uFEFFLast name,Phone,E-mail,First name\n"Morvan, dit Yann",+33 6 11 22 33 44,yann@example.org,Yann\n`;
    const response = await importFile(file, true);
    expect(response.json().rows).toEqual([
      expect.objectContaining({ first_name: 'Yann', last_name: 'Morvan, dit Yann', status: 'new' }),
    ]);
  });

  it('refuses a file it cannot use, naming why, and writes nothing', async () => {
    const before = await userCount();
    const cases: Array<[string | Buffer, number, string]> = [
      ['prénom;nom\nAnne;Kerjean\n', 400, 'import_no_email_column'],
      ['', 400, 'import_empty'],
      ['email\n', 400, 'import_empty'],
      [Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00]), 400, 'import_unreadable'],
      ['email,name\n"unclosed@example.org,x\n', 400, 'import_unreadable'],
      [
        `email\n${Array.from({ length: 2001 }, (_, i) => `m${i}@example.org`).join('\n')}\n`,
        413,
        'import_too_many_rows',
      ],
      [`email\n${'x'.repeat(1024 * 1024)}\n`, 413, 'too_large'],
    ];
    for (const [body, status, code] of cases) {
      const response = await importFile(body, false);
      expect({ status: response.statusCode, code: response.json().code }).toEqual({ status, code });
    }
    expect(await userCount()).toBe(before);
  });

  it('is for admins: a member or a contributor gets 403', async () => {
    await ctx.createUser('coach', 'Contributor');
    await ctx.createUser('member', 'User');
    for (const who of ['coach', 'member']) {
      const response = await importFile('email\nx@example.org\n', true, await ctx.signIn(who));
      expect(response.statusCode).toBe(403);
    }
  });
});

describe('the import itself', () => {
  it('creates every new row as invited, each mailed a link, and keeps a formula as the text typed', async () => {
    const file = [
      'email;prénom;nom;téléphone',
      'anna@example.org;Anna;Kerjean;06 11 22 33 44',
      'jeanne@example.org;Jeanne;Existe;', // exists: unchanged
      'bad-email;Bad;Row;',
      'formula@example.org;=HYPERLINK("https://evil.example/");Formule;',
    ].join('\r\n');
    const sentBefore = smtp.received.length;
    const response = await importFile(file, false);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ dry_run: false, created: 2, invitation_mail: 'sent' });

    const anna = await userByEmail('anna@example.org');
    expect(anna).toMatchObject({
      username: 'anna',
      first_name: 'Anna',
      last_name: 'Kerjean',
      phone: '06 11 22 33 44',
      role_name: 'User',
      password_hash: null,
      confirmed_at: null,
    });
    expect((await userByEmail('formula@example.org'))?.first_name).toBe(
      '=HYPERLINK("https://evil.example/")',
    );
    expect((await userByEmail('jeanne@example.org'))?.last_name).toBeNull();

    // Invitations wait behind account mails (priority 1) and carry a working link.
    const queued = await ctx.db
      .selectFrom('mail_queue')
      .select(['to_address', 'priority', 'kind'])
      .where('to_address', 'in', ['anna@example.org', 'formula@example.org'])
      .execute();
    expect(queued).toHaveLength(2);
    expect(queued.every((m) => m.kind === 'user_invitation' && m.priority === 1)).toBe(true);
    const mails = await smtp.waitFor(sentBefore + 2);
    const annaMail = mails.slice(sentBefore).find((m) => m.to.includes('anna@example.org'));
    const token = /https:\/\/club\.example\.org\/confirm\/([A-Za-z0-9_-]+)/.exec(
      mailText(annaMail?.raw ?? ''),
    )?.[1];
    const confirmed = await ctx.app.inject({
      method: 'POST',
      url: `/api/user/confirm/${token}`,
      payload: { password: 'Bienvenue-2026' },
    });
    expect(confirmed.statusCode).toBe(200);

    // The same file again: everyone is now a member, nothing is created.
    const again = await importFile(file, false);
    expect(again.json()).toMatchObject({ created: 0 });
    expect(again.json().rows.filter((r: { status: string }) => r.status === 'exists')).toHaveLength(3);
  });

  it('two admins importing the same file at once make each member once', async () => {
    await ctx.createUser('admin2', 'Admin');
    const otherToken = await ctx.signIn('admin2');
    const file = `email\n${Array.from({ length: 40 }, (_, i) => `twice${i}@example.org`).join('\n')}\n`;
    const before = await userCount();
    const [a, b] = await Promise.all([importFile(file, false), importFile(file, false, otherToken)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json().created + b.json().created).toBe(40);
    expect(await userCount()).toBe(before + 40);
  });

  it('a reset asked during an import of 1,000 leaves before the invitations still queued', async () => {
    await ctx.createUser('nina');
    const file = `email\n${Array.from({ length: 1000 }, (_, i) => `bulk${i}@example.org`).join('\n')}\n`;
    const sentBefore = smtp.received.length;
    const imported = await importFile(file, false);
    expect(imported.json().created).toBe(1000);
    // The import's commit has kicked the worker: invitations are leaving now.
    const reset = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/reset',
      payload: { Ask: { email: 'nina@example.org' } },
    });
    expect(reset.statusCode).toBe(200);
    const isNina = (m: { to: string[] }) => m.to.includes('nina@example.org');
    await vi.waitFor(() => expect(smtp.received.some(isNina)).toBe(true), { timeout: 60_000 });
    const invitationsBefore = smtp.received.slice(sentBefore).findIndex(isNina);
    // It jumped the queue: most of the 1,000 invitations were still waiting when it left.
    expect(invitationsBefore).toBeLessThan(500);
  });
});
