// Prints what a first visit downloads: the JS and CSS that index.html loads, raw and gzip, and the
// size of the service worker's precache. Needs a build (`npm run build`).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { buildFloorPage } from './floor-build';
import { reportRow } from './summary';

const dist = 'dist';
if (!fs.existsSync(path.join(dist, 'index.html'))) {
  console.error('bundle-size: no build in dist/ (run npm run build)');
  process.exit(1);
}
const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
const gzipSize = (file: string) => zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;
/** The JS and CSS a built index.html loads at once (its scripts, stylesheets and module preloads). */
const initialAssets = (dir: string): string[] =>
  [
    ...fs
      .readFileSync(path.join(dir, 'index.html'), 'utf8')
      .matchAll(/(?:src|href)="\.?\/(assets\/[^"]+\.(?:js|css))"/g),
  ].flatMap((m) => (m[1] ? [m[1]] : []));
const initial = initialAssets(dist);

let rawTotal = 0;
let gzipTotal = 0;
for (const file of initial) {
  const content = fs.readFileSync(path.join(dist, file));
  const gzip = zlib.gzipSync(content, { level: 9 }).length;
  rawTotal += content.length;
  gzipTotal += gzip;
  console.log(`  ${file.padEnd(40)} ${kib(content.length).padStart(10)} raw ${kib(gzip).padStart(10)} gzip`);
}
const initialJsGzip = initial
  .filter((f) => f.endsWith('.js'))
  .reduce((sum, f) => sum + zlib.gzipSync(fs.readFileSync(path.join(dist, f)), { level: 9 }).length, 0);
console.log(
  `initial load: ${kib(rawTotal)} raw, ${kib(gzipTotal)} gzip (JS alone ${kib(initialJsGzip)} gzip)`,
);

const sw = fs.readFileSync(path.join(dist, 'sw.js'), 'utf8');
const precached = [...sw.matchAll(/"url":"([^"]+)"/g)].flatMap((m) => (m[1] ? [m[1]] : []));
const precacheBytes = precached.reduce((sum, url) => {
  const file = path.join(dist, url.replace(/^\//, ''));
  return sum + (fs.existsSync(file) ? fs.statSync(file).size : 0);
}, 0);
console.log(
  `service worker: ${kib(fs.statSync(path.join(dist, 'sw.js')).size)}, precache ${precached.length} files, ${kib(precacheBytes)}`,
);

// The floor page (bench/floor-page), built now with the same Vite: the home route's initial JS against it.
const floorOut = fs.mkdtempSync(path.join(os.tmpdir(), 'equipee-floor-'));
const built = buildFloorPage(floorOut, 'warn');
if (built.status !== 0) process.stderr.write(`${built.stdout}${built.stderr}`);
if (built.status === 0) {
  const floorJs = initialAssets(floorOut)
    .filter((f) => f.endsWith('.js'))
    .reduce((sum, f) => sum + gzipSize(path.join(floorOut, f)), 0);
  console.log(
    `home route initial JS ${kib(initialJsGzip)} gzip; floor page (React, react-router-dom, Dexie, dexie-react-hooks, i18next) ${kib(floorJs)} gzip; ratio ${(initialJsGzip / floorJs).toFixed(3)} (target ≤ 1.15)`,
  );
  reportRow({
    measure: 'home route initial JS (gzip)',
    value: kib(initialJsGzip),
    floor: `bare page (React, router, Dexie, i18next) ${kib(floorJs)}`,
    ratio: initialJsGzip / floorJs,
    goal: '≤ 1.15 × floor',
    met: initialJsGzip / floorJs <= 1.15,
  });
}
fs.rmSync(floorOut, { recursive: true, force: true });
