import fs from 'node:fs';

/**
 * PGlite is one process, one transaction at a time: two processes on one data directory corrupt it.
 * The server and the CLI each take this lock file beside the directory and refuse one the other holds.
 * A lock left by a process that no longer exists (a crash, kill -9) is taken over.
 */
export interface DirLock {
  release(): void;
}

interface LockContent {
  pid: number;
  holder: string;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readLock(lockPath: string): LockContent | null {
  try {
    const parsed = JSON.parse(fs.readFileSync(lockPath, 'utf8')) as Partial<LockContent>;
    return typeof parsed.pid === 'number' ? { pid: parsed.pid, holder: String(parsed.holder) } : null;
  } catch {
    return null;
  }
}

export class DirectoryLockedError extends Error {}

export function acquireDirLock(lockPath: string, holder: string, dataPath: string): DirLock {
  const content = JSON.stringify({ pid: process.pid, holder } satisfies LockContent);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, content, { flag: 'wx', mode: 0o600 });
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          const current = readLock(lockPath);
          if (current?.pid === process.pid) fs.rmSync(lockPath, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const existing = readLock(lockPath);
      if (existing && isAlive(existing.pid)) {
        throw new DirectoryLockedError(
          `The database directory ${dataPath} is in use by the ${existing.holder} (pid ${existing.pid}). ` +
            `Stop it first: PGlite allows one process at a time (lock file ${lockPath}).`,
        );
      }
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new DirectoryLockedError(`Could not take the lock file ${lockPath}`);
}
