/**
 * `npm run screenshots [-- --out DIR]`: seeds a fresh demo club in a temporary directory, serves it with
 * the built client and saves the README's screenshots (default docs/screenshots/). Exits 1 when a screen
 * shows an error toast or a scene cannot be reached.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServer, stopServer } from '../tests/e2e/server-process';
import { takeDemoScreens } from './demo-screens';

const outIndex = process.argv.indexOf('--out');
const outDir = path.resolve(outIndex > 0 ? (process.argv[outIndex + 1] ?? '') : 'docs/screenshots');
const port = Number(process.env.SCREENSHOTS_PORT ?? 3190);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'equipee-demo-screens-'));

if (!fs.existsSync('dist/index.html'))
  execFileSync('npm', ['run', '--silent', 'build'], { stdio: 'inherit' });
execFileSync(path.resolve('node_modules/.bin/tsx'), ['server/demo/seed-cli.ts', dataDir], {
  stdio: 'inherit',
});
const server = await startServer({
  ...process.env,
  DATA_DIR: dataDir,
  DATABASE_URL: '',
  SMTP_URL: '',
  PORT: String(port),
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  RATE_LIMIT_LOGIN: '100000',
});
try {
  const files = await takeDemoScreens(`http://127.0.0.1:${port}`, outDir);
  console.log(`${files.length} screenshots in ${path.relative(process.cwd(), outDir) || '.'}:`);
  for (const file of files) console.log(`  ${path.basename(file)}`);
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
} finally {
  await stopServer(server);
  fs.rmSync(dataDir, { recursive: true, force: true });
}
