import fs from 'node:fs';
import path from 'node:path';

/** Left in a folder the demo made, so a later run knows the folder is its own to wipe. */
export const DEMO_MARK = '.equipee-demo';

/** The demo was pointed at a folder it did not make: nothing was changed. */
export class DemoFolderRefused extends Error {
  constructor(readonly dataDir: string) {
    super(
      `The demo does not use ${dataDir}: the folder is not empty and was not made by a previous demo run. ` +
        'Nothing was changed. Point DEMO_DATA_DIR (or the seed command) at an empty or new folder.',
    );
    this.name = 'DemoFolderRefused';
  }
}

function isEmptyOrAbsent(dir: string): boolean {
  try {
    return fs.readdirSync(dir).length === 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw error;
  }
}

/**
 * Makes `dataDir` a fresh, empty demo folder, marked as the demo's. A folder that holds anything and has
 * no mark — a club's real data, a home directory, a project — is refused before anything in it is touched.
 */
export function claimDemoFolder(dataDir: string): void {
  const resolved = path.resolve(dataDir);
  const isOurs = fs.existsSync(path.join(resolved, DEMO_MARK));
  // A club's data folder is named data by default (DATA_DIR): never, even when marked.
  if (path.basename(resolved) === 'data' || !(isOurs || isEmptyOrAbsent(resolved)))
    throw new DemoFolderRefused(resolved);
  fs.rmSync(resolved, { recursive: true, force: true });
  fs.mkdirSync(resolved, { recursive: true });
  fs.writeFileSync(path.join(resolved, DEMO_MARK), 'Made by `npm run demo`: the next run may wipe it.\n');
}
