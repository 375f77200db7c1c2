import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
// Inside the project so biome.json applies; removed afterwards.
const dir = fs.mkdtempSync(path.resolve('tests/tooling/lint-probe-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

async function lint(file: string, source: string): Promise<string> {
  const target = path.join(dir, file);
  fs.writeFileSync(target, source);
  try {
    const { stdout, stderr } = await run(path.resolve('node_modules/.bin/biome'), ['lint', target]);
    return stdout + stderr;
  } catch (error) {
    const { stdout, stderr } = error as { stdout: string; stderr: string };
    return stdout + stderr;
  }
}

describe('lint', () => {
  it('reports a floating promise (a dropped promise is a lost offline write)', async () => {
    const output = await lint(
      'floating.ts',
      'export async function save(): Promise<void> {}\nexport function onClick(): void {\n  save();\n}\n',
    );
    expect(output).toContain('noFloatingPromises');
  });

  it('accepts the same call once awaited or explicitly voided', async () => {
    const output = await lint(
      'handled.ts',
      'export async function save(): Promise<void> {}\nexport async function a(): Promise<void> {\n  await save();\n}\nexport function b(): void {\n  void save();\n}\n',
    );
    expect(output).not.toContain('noFloatingPromises');
  });
});
