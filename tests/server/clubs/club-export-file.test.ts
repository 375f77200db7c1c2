import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportClubCommand } from '../../../server/cli/club-commands';
import { ClubInputError } from '../../../server/modules/clubs/create-club';
import { createTestContext, type TestContext } from '../helpers/test-context';

// `export-club` (docs/rules.md#several-clubs): the archive holds every member's data, so it is written into a
// file created new, readable by its owner only, and never over an existing file (whose mode it would keep).
let ctx: TestContext;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'equipee-export-'));
const modeOf = (file: string) => fs.statSync(file).mode & 0o777;

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.createUser('anne');
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('export-club', () => {
  it('writes a new file, mode 0600 whatever the umask lets through', async () => {
    const out = path.join(dir, 'club.tar');
    const previous = process.umask(0o000);
    try {
      const lines = await exportClubCommand(ctx.db, ctx.config, { out });
      expect(lines.join('\n')).toContain(`to ${out}`);
    } finally {
      process.umask(previous);
    }
    expect(modeOf(out)).toBe(0o600);
    expect(fs.readFileSync(out).subarray(0, 9).toString()).toBe('club.json');
  });

  it('refuses an existing file with a clear message, leaving it as it was', async () => {
    const out = path.join(dir, 'shared.tar');
    fs.writeFileSync(out, 'kept', { mode: 0o644 });
    fs.chmodSync(out, 0o644);
    const attempt = exportClubCommand(ctx.db, ctx.config, { out });
    await expect(attempt).rejects.toBeInstanceOf(ClubInputError);
    await expect(attempt).rejects.toThrow(
      `${out} already exists: choose another --out file (nothing was overwritten).`,
    );
    expect(fs.readFileSync(out, 'utf8')).toBe('kept');
    expect(modeOf(out)).toBe(0o644);
  });

  it('refuses a link in the file’s place, and writes nothing where it points', async () => {
    const target = path.join(dir, 'elsewhere.tar');
    const out = path.join(dir, 'link.tar');
    fs.symlinkSync(target, out);
    await expect(exportClubCommand(ctx.db, ctx.config, { out })).rejects.toThrow('already exists');
    expect(fs.existsSync(target)).toBe(false);
  });
});
