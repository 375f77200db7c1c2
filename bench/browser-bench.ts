import fs from 'node:fs';
import { type Browser, chromium } from 'playwright-core';
import { CHROMIUM_ARGS, chromiumPath } from '../tests/e2e/chromium';
import { startServer, stopServer } from '../tests/e2e/server-process';

/**
 * The real server on a data directory already seeded, and Debian's Chromium beside it, for the benches that
 * measure in a browser. `cleanUp` ends both and removes the data; whatever happens (a failed top-level step,
 * an unhandled rejection) the server does not outlive the bench on its port.
 */
export async function serverAndBrowser(
  dataDir: string,
  env: NodeJS.ProcessEnv,
): Promise<{ browser: Browser; cleanUp: () => Promise<void> }> {
  const server = await startServer({
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    ...env,
  });
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  const cleanUp = async () => {
    await browser.close().catch(() => undefined);
    await stopServer(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  process.on('exit', () => {
    if (server.exitCode === null) server.kill('SIGTERM');
  });
  process.on('unhandledRejection', (error) => {
    console.error(error);
    void cleanUp().then(() => process.exit(1));
  });
  return { browser, cleanUp };
}
