import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/** Writes beside the target then renames, so a reader never sees half a file. Names are the server's own. */
export async function writeAtomically(dir: string, name: string, content: Buffer): Promise<void> {
  await fs.mkdir(dir, { recursive: true });
  const temporary = path.join(dir, `.${name}.${randomUUID()}.tmp`);
  await fs.writeFile(temporary, content, { mode: 0o644 });
  await fs.rename(temporary, path.join(dir, name));
}
