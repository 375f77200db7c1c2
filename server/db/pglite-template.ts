import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';

/**
 * A migrated, empty PGlite cluster kept as a dump, for commands that make a data folder from nothing (the
 * demo's seed): loading it costs a second or two where an initdb and every migration cost several. Named by
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

/** The template's file in `dir` for this code. */
export function templateFile(dir: string): string {
  const hash = createHash('sha256').update(pgliteVersion());
  for (const file of SHAPING.flatMap(filesUnder))
    hash
      .update(path.relative(import.meta.dirname, file))
      .update('\0')
      .update(fs.readFileSync(file));
  return path.join(dir, `pglite-migrated-${hash.digest('hex').slice(0, 20)}.tar`);
}

/** The kept template, if there is one to load. */
export function readTemplate(file: string): Blob | undefined {
  try {
    return new Blob([fs.readFileSync(file)]);
  } catch {
    return undefined;
  }
}

/** Dumps the just-migrated cluster as the template; written whole or not at all. */
export async function keepTemplate(client: PGlite, file: string): Promise<void> {
  const partial = `${file}.${process.pid}.partial`;
  try {
    // Written out first: a dump of unflushed pages loads through crash recovery, which moves every
    // sequence on by the values it had logged ahead (the second club would be number 34, not 2).
    await client.exec('checkpoint');
    const dump = await client.dumpDataDir('none');
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    fs.renameSync(partial, file);
  } catch {
    fs.rmSync(partial, { force: true });
  }
}
