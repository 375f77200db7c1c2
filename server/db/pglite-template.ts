import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';

/**
 * A migrated, empty PGlite cluster kept as a folder, for commands that make a data folder from nothing (the
 * demo's seed): copying it costs a second where an initdb and every migration cost several. Named by
 * a key of PGlite's version and the text of everything that shapes an empty cluster (the migrations, the
 * migrator, the application role's grants), so a change to any of them makes a new template, never a
 * stale one. A template that cannot be read or written is simply not used.
 */
const SHAPING = [
  path.join(import.meta.dirname, 'migrations'),
  path.join(import.meta.dirname, 'migrate.ts'),
  path.join(import.meta.dirname, 'club-scope', 'app-role.ts'),
];

/** Where the templates live by default: the project's cache folder, whatever the working folder; gone with node_modules. */
export const DEFAULT_TEMPLATE_DIR = path.join(
  import.meta.dirname,
  '..',
  '..',
  'node_modules',
  '.cache',
  'equipee',
);

function filesUnder(entry: string): string[] {
  if (!fs.statSync(entry).isDirectory()) return [entry];
  return fs
    .readdirSync(entry)
    .sort()
    .flatMap((name) => filesUnder(path.join(entry, name)));
}

function pgliteVersion(): string {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  let dir = path.dirname(entry);
  while (!fs.existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  return (JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string }).version;
}

/** The template's folder in `dir` for this code. */
export function templateFolder(dir: string): string {
  const hash = createHash('sha256').update(pgliteVersion());
  for (const file of SHAPING.flatMap(filesUnder))
    hash
      .update(path.relative(import.meta.dirname, file))
      .update('\0')
      .update(fs.readFileSync(file));
  return path.join(dir, `pglite-migrated-${hash.digest('hex').slice(0, 20)}`);
}

/**
 * Copies the kept template, if there is one, into `dataPath` (a folder with no cluster yet) and says whether
 * it did. A plain copy of the files: a second or two quicker than loading a dump through PGlite's own file
 * system, which writes them one call at a time. A copy that fails half-way leaves no folder behind.
 */
export function copyTemplate(folder: string, dataPath: string): boolean {
  if (!fs.existsSync(folder)) return false;
  try {
    fs.cpSync(folder, dataPath, { recursive: true });
    return true;
  } catch {
    fs.rmSync(dataPath, { recursive: true, force: true });
    return false;
  }
}

/** Keeps the just-migrated cluster in `dataPath` as the template; kept whole or not at all. */
export async function keepTemplate(client: PGlite, dataPath: string, folder: string): Promise<void> {
  const partial = `${folder}.${process.pid}.partial`;
  try {
    // Written out first: a copy of unflushed pages starts through crash recovery, which moves every
    // sequence on by the values it had logged ahead (the second club would be number 34, not 2).
    await client.exec('checkpoint');
    fs.mkdirSync(path.dirname(folder), { recursive: true });
    fs.cpSync(dataPath, partial, { recursive: true });
    // Another start may have kept the same template meanwhile: theirs stays, ours goes.
    if (fs.existsSync(folder)) fs.rmSync(partial, { recursive: true, force: true });
    else fs.renameSync(partial, folder);
  } catch {
    fs.rmSync(partial, { recursive: true, force: true });
  }
}
