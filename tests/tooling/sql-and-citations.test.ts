import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { checkTree, citations, sqlOutsideRepositories } from '../../scripts/check-sql-and-citations';
import { buildOpenApiDocument } from '../../server/openapi-document';

// The two house rules of scripts/check-sql-and-citations.ts (docs/architecture.md#checks): SQL only in
// repositories, and citations only of what the repository holds. The tree as it is must pass, and each
// kind of violation, fed to the very command `npm run lint` runs, must fail it.

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');
const scripts = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).scripts as Record<
  string,
  string
>;
const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'equipee-sql-citations-'));
afterAll(() => fs.rmSync(parent, { recursive: true, force: true }));

// Built from pieces, so that this file does not cite what it forbids.
const TICKET = ['iss', 'ue 27'].join('');
const TICKETS = ['Iss', 'ues 28 and 29'].join('');
const SPEC = ['product', '-spec §4'].join('');
const RULES = ['server', '-rules "Replays"'].join('');
const SHARED = ['..', '/shared/spec'].join('');

/** Runs the lint's command in a fresh tree holding `files`; its exit code and report. */
async function lintTree(files: Record<string, string>): Promise<{ exitCode: number; output: string }> {
  const dir = fs.mkdtempSync(path.join(parent, 'tree-'));
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  }
  const command = path.join(root, 'node_modules/.bin/tsx');
  try {
    const { stdout, stderr } = await run(command, [path.join(root, 'scripts/check-sql-and-citations.ts')], {
      cwd: dir,
    });
    return { exitCode: 0, output: stdout + stderr };
  } catch (error) {
    const failure = error as { code: number; stdout: string; stderr: string };
    return { exitCode: failure.code, output: failure.stdout + failure.stderr };
  }
}

describe('SQL only in repositories, citations only of what the repository holds', () => {
  it('is part of npm run lint, which CI runs', () => {
    expect(scripts.lint).toContain('tsx scripts/check-sql-and-citations.ts');
  });

  it('finds nothing in the tree as it is', () => {
    expect(checkTree(root)).toEqual([]);
  });

  it('finds nothing in the OpenAPI document the server serves', async () => {
    const document = JSON.stringify(await buildOpenApiDocument(), null, 2);
    expect(document.length).toBeGreaterThan(10_000);
    expect(citations('openapi.json', document)).toEqual([]);
  });

  it('names each query builder, a raw query and the sql template outside a repository', () => {
    const lines = [
      "await db.selectFrom('users').selectAll().execute();",
      "await trx.insertInto('guests').values(row).execute();",
      "await trx.updateTable('events').set({ title }).execute();",
      "await trx.deleteFrom('sessions').execute();",
      'await db.executeQuery(compiled);',
      'await sql`select pg_advisory_xact_lock(1)`.execute(trx);',
      "const { rows } = await sql<{ id: number }>`select nextval('clubs_id_seq')`.execute(db);",
      'const column = sql.ref(name);',
    ];
    for (const line of lines) {
      expect(sqlOutsideRepositories('server/modules/events/events.service.ts', line), line).toHaveLength(1);
      expect(sqlOutsideRepositories('server/modules/events/events.repository.ts', line), line).toEqual([]);
      expect(sqlOutsideRepositories('server/db/club-scope/club-registry.ts', line), line).toEqual([]);
      expect(sqlOutsideRepositories('tests/server/events/events.test.ts', line), line).toEqual([]);
      expect(sqlOutsideRepositories('scripts/demo-screens.ts', line), line).toEqual([]);
    }
    // Words that only look like SQL pass.
    expect(sqlOutsideRepositories('server/mail/transport.ts', 'const sqlite = deleted; // selected')).toEqual(
      [],
    );
  });

  it('names a ticket number and each outside document, in comments, strings and titles', () => {
    for (const text of [
      `// Crash safety under load (${TICKET}).`,
      ` * ${TICKETS} asked for it.`,
      `describe('the group email (${SPEC})', () => {});`,
      `// ${RULES}: each write at most once.`,
      `const doc = '${SHARED}/product.md';`,
    ])
      expect(citations('src/ui/toasts.tsx', text), text).toHaveLength(1);
    expect(citations('src/ui/toasts.tsx', '// docs/rules.md#replays: each write at most once.')).toEqual([]);
    expect(citations('src/ui/toasts.tsx', '// tissue 3 of 4; issues are tracked elsewhere')).toEqual([]);
  });

  it('fails the lint on a query in a service and a ticket cited in a test, and passes them elsewhere', async () => {
    const broken = await lintTree({
      'server/modules/events/events.service.ts': "export const all = (db: Db) => db.selectFrom('events');\n",
      'server/modules/events/events.repository.ts':
        "export const all = (db: Db) => db.selectFrom('events');\n",
      'tests/client/toasts.test.ts': `// The toast never covers a control (${TICKET}).\n`,
      'docs/notes.ts.md': `${TICKET}\n`,
    });
    expect(broken.exitCode).toBe(1);
    expect(broken.output).toContain('SQL outside a repository: server/modules/events/events.service.ts:1:');
    expect(broken.output).toContain(
      'cites what the repository does not hold: tests/client/toasts.test.ts:1:',
    );
    expect(broken.output).not.toContain('events.repository.ts');
    expect(broken.output).not.toContain('docs/notes');
    expect(broken.output).toContain('2 problem(s)');

    const clean = await lintTree({
      'server/modules/events/events.repository.ts':
        "export const all = (db: Db) => db.selectFrom('events');\n",
      'tests/client/toasts.test.ts': '// The toast never covers a control (docs/architecture.md#layout).\n',
    });
    expect(clean).toMatchObject({ exitCode: 0 });
  });
});
