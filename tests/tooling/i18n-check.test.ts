import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const probe = 'src/i18n-check-probe.tsx';
afterEach(() => fs.rmSync(probe, { force: true }));

async function check(): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await run('node', ['scripts/check-i18n.mjs']);
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const { code, stdout, stderr } = error as { code: number; stdout: string; stderr: string };
    return { code, output: stdout + stderr };
  }
}

describe('the i18n check run by lint', () => {
  it('passes on the project as it is', async () => {
    const { code, output } = await check();
    expect(output).toContain('OK');
    expect(code).toBe(0);
  });

  it('reports a JSX text literal and an unknown key', async () => {
    fs.writeFileSync(
      probe,
      "import { useTranslation } from 'react-i18next';\nexport function Probe() {\n  const { t } = useTranslation();\n  return <p title={t('no.such_key')}>Bonjour le monde</p>;\n}\n",
    );
    const { code, output } = await check();
    expect(code).toBe(1);
    expect(output).toContain('JSX text literal "Bonjour le monde"');
    expect(output).toContain("t('no.such_key') has no key in fr.json");
  });
});
