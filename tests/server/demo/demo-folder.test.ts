import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { claimDemoFolder, DEMO_MARK, DemoFolderRefused } from '../../../server/demo/demo-folder';

// `npm run demo` once wiped any folder it was pointed at: now only an empty one or its own.
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'equipee-demo-folder-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const folder = (name: string, files: Record<string, string> = {}) => {
  const dir = path.join(root, name);
  fs.mkdirSync(dir, { recursive: true });
  for (const [file, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, file), text);
  return dir;
};

describe('the demo folder', () => {
  it('is refused when it holds anything and was not made by the demo, and nothing in it changes', () => {
    const dir = folder('club-backup', { 'equipee.db': 'real data', 'notes.txt': 'keep me' });
    expect(() => claimDemoFolder(dir)).toThrow(DemoFolderRefused);
    expect(() => claimDemoFolder(dir)).toThrow(/not empty and was not made by a previous demo run/);
    expect(fs.readdirSync(dir).sort()).toEqual(['equipee.db', 'notes.txt']);
    expect(fs.readFileSync(path.join(dir, 'notes.txt'), 'utf8')).toBe('keep me');
  });

  it('is made, and marked, when it does not exist or is empty', () => {
    for (const dir of [path.join(root, 'new', 'demo'), folder('empty')]) {
      claimDemoFolder(dir);
      expect(fs.readdirSync(dir)).toEqual([DEMO_MARK]);
    }
  });

  it('is wiped when a previous demo run made it (its mark is there)', () => {
    const dir = path.join(root, 'previous');
    claimDemoFolder(dir);
    fs.writeFileSync(path.join(dir, 'equipee.db'), 'last demo');
    claimDemoFolder(dir);
    expect(fs.readdirSync(dir)).toEqual([DEMO_MARK]);
  });

  it('is never a folder named data, even empty or marked', () => {
    const dir = folder('data', { [DEMO_MARK]: '' });
    expect(() => claimDemoFolder(dir)).toThrow(DemoFolderRefused);
    expect(fs.readdirSync(dir)).toEqual([DEMO_MARK]);
  });
});
