import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Config } from '../../config';
import { CLUB_TABLES } from '../../db/club-scope/club-tables';
import { type Club, runInClub } from '../../db/club-scope/current-club';
import type { Database } from '../../db/schema';
import { readClubTableRows } from './club-export.repository';
import { ClubInputError } from './create-club';
import { type TarEntry, tarArchive } from './tar';

export const EXPORT_FORMAT = 'equipee-club-export';

export interface ClubExportSummary {
  tables: number;
  rows: number;
  files: number;
  bytes: number;
}

const existingFile = (outFile: string) =>
  new ClubInputError(`${outFile} already exists: choose another --out file (nothing was overwritten).`);

/**
 * The archive holds every member's data (docs/rules.md#several-clubs): written into a file created new,
 * readable by its owner only. `wx` refuses an existing file or a link in its place, whose mode and owner
 * the archive would otherwise keep.
 */
function writeNewFile(outFile: string, data: Buffer): void {
  try {
    fs.writeFileSync(outFile, data, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw existingFile(outFile);
    throw error;
  }
}

function listFiles(root: string, under = ''): string[] {
  const folder = path.join(root, under);
  if (!fs.existsSync(folder)) return [];
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const relative = under ? `${under}/${entry.name}` : entry.name;
    if (entry.isDirectory()) return listFiles(root, relative);
    return entry.isFile() ? [relative] : [];
  });
}

/**
 * One club's data and files, for a backup or a move to another deployment (docs/rules.md#several-clubs): an archive with
 * `club.json` (every club-owned table's rows, read in one repeatable-read snapshot inside the club, so
 * no other club's row can be in it) and `files/` (its logo and pictures). The rows keep their ids and
 * lose their `club_id`, which the deployment they move to gives them.
 */
export async function exportClub(
  db: Kysely<Database>,
  config: Config,
  club: Club,
  outFile: string,
): Promise<ClubExportSummary> {
  // Checked first so a taken name fails before the export reads anything; the write below still refuses it.
  if (fs.existsSync(outFile)) throw existingFile(outFile);
  const tables = await runInClub(club, () =>
    db
      .transaction()
      .setIsolationLevel('repeatable read')
      .execute(async (trx) => {
        const read: Record<string, unknown[]> = {};
        for (const table of CLUB_TABLES) {
          const rows = await readClubTableRows(trx, table, club.id);
          read[table] = rows.map(({ club_id: _club, ...row }) => row);
        }
        return read;
      }),
  );
  const document = {
    format: EXPORT_FORMAT,
    version: 1,
    exported_at: new Date().toISOString(),
    club: { name: club.name, host: club.host, timezone: club.timezone },
    tables,
  };
  const filesRoot = path.join(config.dataDir, club.key, 'public');
  const files = listFiles(filesRoot);
  const entries: TarEntry[] = [
    { name: 'club.json', data: Buffer.from(JSON.stringify(document, null, 1)) },
    ...files.map((file) => ({ name: `files/${file}`, data: fs.readFileSync(path.join(filesRoot, file)) })),
  ];
  const archive = tarArchive(entries);
  writeNewFile(outFile, archive);
  const rows = Object.values(tables).reduce((sum, list) => sum + list.length, 0);
  return { tables: CLUB_TABLES.length, rows, files: files.length, bytes: archive.length };
}
