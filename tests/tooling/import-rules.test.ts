import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

// The import rules (.dependency-cruiser.mjs) fail CI: `.ci/run` runs `npm run lint`, which ends with the
// `lint:deps` command. This file runs that very command, with the project's own config and tsconfig,
// in small throw-away trees: a clean one must pass, and each broken one must fail naming its rule.

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');
const scripts = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).scripts as Record<
  string,
  string
>;
const lintDeps = scripts['lint:deps'] ?? '';
const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'equipee-import-rules-'));
afterAll(() => fs.rmSync(parent, { recursive: true, force: true }));

type Tree = Record<string, string>;

/** A small tree that follows every rule; each case below breaks one. */
const CLEAN: Tree = {
  'src/common/rules/limits.ts': 'export const MAX_SEATS = 3;\n',
  'src/common/contract/event.ts':
    "import { MAX_SEATS } from '../rules/limits';\nexport type EventDto = { id: string; seats: number };\nexport const seats = MAX_SEATS;\n",
  'src/data/core/db.ts': 'export const db = { events: [] as string[] };\n',
  'src/data/events.ts':
    "import type { EventDto } from '@common/contract/event';\nimport { db } from './core/db';\nexport function listEvents(): EventDto[] {\n  return db.events.map((id) => ({ id, seats: 0 }));\n}\n",
  'src/ui/button.ts': "export const button = 'button';\n",
  'src/features/events/event-row.ts':
    "import type { EventDto } from '@common/contract/event';\nimport { button } from '../../ui/button';\nexport const row = (e: EventDto): string => [e.id, button].join(' ');\n",
  'src/features/events/week-screen.ts':
    "import { listEvents } from '../../data/events';\nimport { row } from './event-row';\nexport const week = (): string[] => listEvents().map(row);\n",
  'src/features/news/news-screen.ts':
    "import { listEvents } from '../../data/events';\nexport const news = (): number => listEvents().length;\n",
  'server/db/schema.ts': 'export type EventRow = { id: string };\n',
  'server/app-deps.ts':
    "import type { EventRow } from './db/schema';\nexport interface AppDeps { rows: EventRow[] }\n",
  'server/app.ts': "import { routes } from './modules/users/users.routes';\nexport const app = routes;\n",
  'server/plugins/auth.ts':
    "import { currentUser } from '../modules/users/users.service';\nexport const auth = (): string => currentUser();\n",
  'server/modules/users/users.service.ts': "export const currentUser = (): string => 'u1';\n",
  'server/modules/users/users.routes.ts':
    "import { currentUser } from './users.service';\nexport const routes = [currentUser];\n",
  'server/modules/events/events.service.ts':
    "import type { EventDto } from '@common/contract/event';\nimport type { EventRow } from '../../db/schema';\nexport const toDto = (r: EventRow): EventDto => ({ id: r.id, seats: 0 });\n",
  'sw/sw.ts': "import { listEvents } from '../src/data/events';\nexport const count = listEvents().length;\n",
  'scripts/tool.mjs': "import { readFileSync } from 'node:fs';\nexport const read = readFileSync;\n",
  'bench/bench.ts': "import { week } from '../src/features/events/week-screen';\nexport const b = week;\n",
};

type Violation = { rule: string; from: string; to: string };

/**
 * Writes CLEAN plus `changes` into a fresh folder and runs the `lint:deps` command there, as CI does
 * (its text report: the exit code counts the errors, which a JSON report would not do).
 */
async function cruise(changes: Tree): Promise<{ exitCode: number; violations: Violation[] }> {
  const dir = fs.mkdtempSync(path.join(parent, 'tree-'));
  for (const name of ['.dependency-cruiser.mjs', 'tsconfig.json', 'scripts/check-folder-cycles.mjs']) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.copyFileSync(path.join(root, name), path.join(dir, name));
  }
  for (const [file, source] of Object.entries({ ...CLEAN, ...changes })) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), source);
  }
  const env = {
    ...process.env,
    FORCE_COLOR: '0',
    NO_COLOR: '1',
    PATH: `${path.join(root, 'node_modules/.bin')}${path.delimiter}${process.env.PATH}`,
  };
  let output: string;
  let exitCode = 0;
  try {
    const { stdout, stderr } = await run('sh', ['-c', lintDeps], { cwd: dir, env });
    output = stdout + stderr;
  } catch (error) {
    const failure = error as { code?: unknown; stdout?: string; stderr?: string };
    if (typeof failure.code !== 'number') throw error;
    exitCode = failure.code;
    output = `${failure.stdout ?? ''}${failure.stderr ?? ''}`;
  }
  // Lines such as "  error no-circular: src/ui/a.ts → " followed by "      src/ui/b.ts →" for a cycle.
  const violations = [...output.matchAll(/^\s*error ([\w-]+): (\S+) →\s*(\S+)/gm)].map(
    ([, rule, from, to]) => ({
      rule: rule ?? '',
      from: from ?? '',
      to: to ?? '',
    }),
  );
  if (exitCode !== 0 && violations.length === 0)
    throw new Error(`depcruise failed without a violation:\n${output}`);
  return { exitCode, violations };
}

const names = (violations: Violation[]): string[] => [...new Set(violations.map((v) => v.rule))].sort();

describe('import rules (npm run lint:deps)', () => {
  it('is part of npm run lint, which CI runs', () => {
    expect(lintDeps).toContain('depcruise');
    expect(lintDeps).toContain('--config .dependency-cruiser.mjs');
    expect(lintDeps).toContain('node scripts/check-folder-cycles.mjs');
    expect(scripts.lint).toContain('npm run lint:deps');
  });

  it('passes a tree that follows the rules', async () => {
    const { exitCode, violations } = await cruise({});
    expect(violations).toEqual([]);
    expect(exitCode).toBe(0);
  });

  it('fails on a two-file cycle, even when one side is `import type`', async () => {
    const { exitCode, violations } = await cruise({
      'src/ui/a.ts': "import { b } from './b';\nexport type A = { b: typeof b };\n",
      'src/ui/b.ts':
        "import type { A } from './a';\nexport const b = 1;\nexport const useA = (a: A): A => a;\n",
    });
    expect(names(violations)).toEqual(['no-circular']);
    // The report names a cycle once, from either end.
    expect(violations).toHaveLength(1);
    expect([violations[0]?.from, violations[0]?.to].sort()).toEqual(['src/ui/a.ts', 'src/ui/b.ts']);
    expect(exitCode).not.toBe(0);
  });

  it('fails on a cycle made only of type imports', async () => {
    const { exitCode, violations } = await cruise({
      'server/db/a.ts': "import type { B } from './b';\nexport type A = { b?: B };\n",
      'server/db/b.ts': "import type { A } from './a';\nexport type B = { a?: A };\n",
    });
    expect(names(violations)).toEqual(['no-circular']);
    expect(exitCode).not.toBe(0);
  });

  it('fails on a cycle of type imports between two folders, file and folder alike', async () => {
    const { exitCode, violations } = await cruise({
      'server/modules/users/users.types.ts':
        "import type { EventRow } from '../events/events.types';\nexport type UserRow = { events?: EventRow[] };\n",
      'server/modules/events/events.types.ts':
        "import type { UserRow } from '../users/users.types';\nexport type EventRow = { users?: UserRow[] };\n",
    });
    expect(names(violations)).toEqual(['no-circular', 'no-circular-folders']);
    const files = violations.filter((v) => v.rule === 'no-circular');
    expect(files).toHaveLength(1);
    expect([files[0]?.from, files[0]?.to].sort()).toEqual([
      'server/modules/events/events.types.ts',
      'server/modules/users/users.types.ts',
    ]);
    expect(violations.filter((v) => v.rule === 'no-circular-folders').map((v) => v.from)).toEqual(
      expect.arrayContaining(['server/modules/events', 'server/modules/users']),
    );
    expect(exitCode).not.toBe(0);
  });

  it('fails when a file directly in server/ imports an area, even a type (a cycle the folder rule misses)', async () => {
    // The shape of the cycle server/app-deps.ts once had with the push area: no file imports itself, and
    // for dependency-cruiser server/ contains server/modules/users, so no folder does either.
    const { exitCode, violations } = await cruise({
      'server/app-deps.ts':
        "import type { UsersWorker } from './modules/users/users.worker';\nexport interface AppDeps { users: UsersWorker }\n",
      'server/modules/users/users.worker.ts': 'export type UsersWorker = { kick(): void };\n',
      'server/modules/users/users.routes.ts':
        "import type { AppDeps } from '../../app-deps';\nimport { currentUser } from './users.service';\nexport const routes = (deps: AppDeps) => [deps.users, currentUser];\n",
    });
    expect(names(violations)).toEqual(['server-root-not-areas']);
    expect(violations).toEqual([
      {
        rule: 'server-root-not-areas',
        from: 'server/app-deps.ts',
        to: 'server/modules/users/users.worker.ts',
      },
    ]);
    expect(exitCode).not.toBe(0);
  });

  it('fails on a cycle between folders (no single file imports itself)', async () => {
    const { exitCode, violations } = await cruise({
      'server/modules/users/users.routes.ts':
        "import { auth } from '../../plugins/auth';\nimport { currentUser } from './users.service';\nexport const routes = [auth, currentUser];\n",
    });
    expect(names(violations)).toEqual(['no-circular-folders']);
    expect(exitCode).not.toBe(0);
  });

  it('fails on a cycle between a folder and a file beside it, which the folder rule cannot see', async () => {
    // The shape server/i18n.ts once had with server/mail/: it read mail's texts, and mail's templates read it.
    // For dependency-cruiser, server/ contains server/mail/, so no folder imports itself; the files differ.
    const { exitCode, violations } = await cruise({
      'server/i18n.ts':
        "import { texts } from './mail/texts';\nexport const text = (key: string) => texts[key];\n",
      'server/mail/texts.ts': 'export const texts: Record<string, string> = {};\n',
      'server/mail/template.ts': "import { text } from '../i18n';\nexport const subject = text('subject');\n",
    });
    expect(violations).toEqual([{ rule: 'no-folder-cycle', from: 'server/i18n.ts', to: 'server/mail/' }]);
    expect(exitCode).not.toBe(0);
  });

  it('follows the @common/* alias, so its edges obey the rules too', async () => {
    const { exitCode, violations } = await cruise({
      'src/common/rules/limits.ts':
        "import type { EventDto } from '@common/contract/event';\nexport const MAX_SEATS = 3;\nexport type Seat = EventDto['seats'];\n",
    });
    // The cycle runs through the alias: rules/limits.ts -> @common/contract/event -> ../rules/limits.
    expect(names(violations)).toEqual(['no-circular', 'no-circular-folders']);
    const files = violations.filter((v) => v.rule === 'no-circular');
    expect([files[0]?.from, files[0]?.to].sort()).toEqual([
      'src/common/contract/event.ts',
      'src/common/rules/limits.ts',
    ]);
    expect(exitCode).not.toBe(0);
  });

  it('fails when the server imports client code outside src/common/', async () => {
    const { exitCode, violations } = await cruise({
      'server/modules/events/events.routes.ts':
        "import { listEvents } from '../../../src/data/events';\nexport const all = listEvents;\n",
    });
    expect(names(violations)).toEqual(['server-imports-only-common']);
    expect(violations[0]).toMatchObject({
      from: 'server/modules/events/events.routes.ts',
      to: 'src/data/events.ts',
    });
    expect(exitCode).not.toBe(0);
  });

  it('fails when a feature imports another feature', async () => {
    const { exitCode, violations } = await cruise({
      'src/features/news/news-screen.ts':
        "import { row } from '../events/event-row';\nexport const news = row;\n",
    });
    expect(names(violations)).toEqual(['features-not-across']);
    expect(violations[0]).toMatchObject({
      from: 'src/features/news/news-screen.ts',
      to: 'src/features/events/event-row.ts',
    });
    expect(exitCode).not.toBe(0);
  });

  it('fails when src/ui/ imports a feature', async () => {
    const { exitCode, violations } = await cruise({
      'src/ui/toolbar.ts':
        "import { news } from '../features/news/news-screen';\nexport const toolbar = news;\n",
    });
    expect(names(violations)).toEqual(['ui-not-features']);
    expect(violations[0]).toMatchObject({
      from: 'src/ui/toolbar.ts',
      to: 'src/features/news/news-screen.ts',
    });
    expect(exitCode).not.toBe(0);
  });

  it('fails when code outside src/common/ reaches it by a relative path instead of @common/*', async () => {
    const { exitCode, violations } = await cruise({
      'server/modules/events/events.service.ts':
        "import type { EventDto } from '../../../src/common/contract/event';\nexport const none = (): EventDto[] => [];\n",
    });
    expect(violations).toEqual([
      {
        rule: 'common-through-alias',
        from: 'server/modules/events/events.service.ts',
        to: 'src/common/contract/event.ts',
      },
    ]);
    expect(exitCode).not.toBe(0);
  });

  it('fails when src/common/ imports the rest of src/', async () => {
    const { exitCode, violations } = await cruise({
      'src/common/rules/club.ts': "import { button } from '../../ui/button';\nexport const club = button;\n",
    });
    expect(names(violations)).toEqual(['common-imports-nothing-else']);
    expect(exitCode).not.toBe(0);
  });

  it('fails when the client or the service worker imports the server', async () => {
    const { exitCode, violations } = await cruise({
      'src/ui/button.ts':
        "import type { EventRow } from '../../server/db/schema';\nexport const button = 'button';\nexport type Row = EventRow;\n",
      'sw/sw.ts': "import type { EventRow } from '../server/db/schema';\nexport type Row = EventRow;\n",
    });
    expect(names(violations)).toEqual(['client-never-imports-server']);
    expect(violations.map((v) => v.from).sort()).toEqual(['src/ui/button.ts', 'sw/sw.ts']);
    expect(exitCode).not.toBe(0);
  });

  it('fails when a screen reaches into src/data/core/', async () => {
    const { exitCode, violations } = await cruise({
      'src/features/events/week-screen.ts':
        "import { db } from '../../data/core/db';\nexport const week = (): string[] => db.events;\n",
    });
    expect(names(violations)).toEqual(['screens-through-data-areas']);
    expect(exitCode).not.toBe(0);
  });
});
