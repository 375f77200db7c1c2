// Two house rules no other tool checks (docs/architecture.md#checks), run by `npm run lint` and proved by
// tests/tooling/sql-and-citations.test.ts:
// - SQL lives in `*.repository.ts` files and in server/db/ only, so a module's queries are found in one place
//   and a service reads as rules over named queries. Tests, scripts and the bench may query freely.
// - The code cites only what the repository holds: docs/rules.md and docs/architecture.md sections, never a
//   ticket number or a document a newcomer cannot open.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Kysely's ways to write SQL: the query builders, a raw query, and the `sql` template and helpers. */
const SQL =
  /\b(selectFrom|insertInto|updateTable|deleteFrom|executeQuery)\b|\bsql\s*(<[^`;]*?>)?\s*`|\bsql\.(raw|ref|lit|join|table|val|id)\(/;

/**
 * A ticket number, or a document outside the repository. The brackets keep this very line from matching.
 */
const CITATION = /\bissues? \d+\b|product-spe[c]|server-rule[s]|\.\.\/share[d]/i;

export const CITATION_FOLDERS = ['src', 'server', 'sw', 'tests', 'scripts', 'bench'];
const SOURCE = /\.(ts|tsx|mjs)$/;

/** `server/...` files that may hold SQL. */
export function maySpeakSql(file: string): boolean {
  return file.endsWith('.repository.ts') || file.startsWith('server/db/');
}

/** Each line of `text` that matches `pattern`, as `file:line: text`. */
function matchingLines(file: string, text: string, pattern: RegExp): string[] {
  return text
    .split('\n')
    .flatMap((line, index) => (pattern.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : []));
}

/** The lines of a server file that write SQL outside a repository. */
export function sqlOutsideRepositories(file: string, text: string): string[] {
  if (!file.startsWith('server/') || maySpeakSql(file)) return [];
  return matchingLines(file, text, SQL);
}

/** The lines of any text (a source file, the OpenAPI document) that cite a ticket or an outside document. */
export function citations(name: string, text: string): string[] {
  return matchingLines(name, text, CITATION);
}

/** Every .ts, .tsx and .mjs file under `folders` of `root`, as paths relative to it. */
export function sourceFiles(root: string, folders: readonly string[]): string[] {
  const found: string[] = [];
  const walk = (relative: string) => {
    for (const entry of fs.readdirSync(path.join(root, relative), { withFileTypes: true })) {
      const child = path.posix.join(relative, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules') walk(child);
      } else if (SOURCE.test(entry.name)) found.push(child);
    }
  };
  for (const folder of folders) if (fs.existsSync(path.join(root, folder))) walk(folder);
  return found.sort();
}

/** Both checks over a checkout: the problems found, one line each. */
export function checkTree(root: string): string[] {
  const problems: string[] = [];
  for (const file of sourceFiles(root, CITATION_FOLDERS)) {
    const text = fs.readFileSync(path.join(root, file), 'utf8');
    for (const line of sqlOutsideRepositories(file, text)) problems.push(`SQL outside a repository: ${line}`);
    for (const line of citations(file, text))
      problems.push(`cites what the repository does not hold: ${line}`);
  }
  return problems;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const problems = checkTree(process.cwd());
  for (const problem of problems) console.error(problem);
  if (problems.length > 0) {
    console.error(
      `${problems.length} problem(s): move the query into the area's *.repository.ts; cite docs/rules.md or docs/architecture.md instead.`,
    );
    process.exitCode = 1;
  } else console.log('SQL only in repositories, and no outside citation: OK');
}
