import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildOpenApiDocument } from '../server/openapi-document';

// The served OpenAPI document through Redocly's linter, with its recommended rules (redocly.yaml):
// `npm run lint` fails on any error. Redocly is a dev dependency; it reads the document from a file.
const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'equipee-openapi-lint-'));
const file = path.join(folder, 'openapi.json');
try {
  fs.writeFileSync(file, JSON.stringify(await buildOpenApiDocument(), null, 2));
  const result = spawnSync('redocly', ['lint', file, '--format', 'stylish'], {
    stdio: 'inherit',
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
  });
  process.exitCode = result.status ?? 1;
} finally {
  fs.rmSync(folder, { recursive: true, force: true });
}
