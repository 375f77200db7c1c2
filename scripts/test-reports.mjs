// Reads the JSON reports of Vitest and Playwright and sums them; CI reads the plain closing line.
// Each report is split into its suites (Vitest's projects by folder: client, server, tooling; Playwright's
// browser suite), each with its count and its slowest files, so a run says where its time went.
import fs from 'node:fs';
import path from 'node:path';

const SLOWEST = 10;

// The reporters colour their messages: ESC [ … m sequences, dropped before printing.
const COLOUR = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');
const firstLine = (messages) =>
  (messages?.[0] ?? '')
    .replace(COLOUR, '')
    .split('\n')
    .find((l) => l.trim()) ?? '';

const emptySuite = () => ({ passed: 0, failed: 0, skipped: 0, failures: [], files: [] });

/** Vitest's suite of a test file: the folder under tests/ (client, server, tooling). */
const vitestSuiteOf = (file) => /(?:^|\/)tests\/([^/]+)\//.exec(file)?.[1] ?? 'other';

function vitestSuites(report) {
  const suites = new Map();
  for (const file of report.testResults ?? []) {
    const name = vitestSuiteOf(path.relative(process.cwd(), file.name));
    if (!suites.has(name)) suites.set(name, emptySuite());
    const suite = suites.get(name);
    const tests = file.assertionResults ?? [];
    for (const test of tests) {
      if (test.status === 'passed') suite.passed++;
      else if (test.status === 'failed') {
        suite.failed++;
        suite.failures.push(
          `${path.basename(file.name)} › ${test.fullName}: ${firstLine(test.failureMessages)}`,
        );
      } else suite.skipped++;
    }
    // A file that failed with no failed test (a hook threw, or it did not load): its tests read as skipped.
    if (file.status === 'failed' && !tests.some((test) => test.status === 'failed')) {
      suite.failed++;
      suite.failures.push(
        `${path.basename(file.name)} (the file, ${tests.length} tests not run): ${firstLine([file.message])}`,
      );
    }
    const seconds = (file.endTime - file.startTime) / 1000;
    suite.files.push({ file: path.relative(process.cwd(), file.name), seconds: seconds || 0 });
  }
  return suites;
}

function playwrightSuites(report) {
  const suite = emptySuite();
  const perFile = new Map();
  const walk = (node) => {
    for (const spec of node.specs ?? [])
      for (const test of spec.tests ?? []) {
        const seconds = (test.results ?? []).reduce((sum, r) => sum + (r.duration ?? 0), 0) / 1000;
        perFile.set(spec.file, (perFile.get(spec.file) ?? 0) + seconds);
        if (test.status === 'unexpected') {
          suite.failed++;
          const errors = (test.results ?? []).flatMap((r) => (r.error?.message ? [r.error.message] : []));
          suite.failures.push(`${spec.file} › ${spec.title}: ${firstLine(errors)}`);
        } else if (test.status === 'skipped') suite.skipped++;
        else suite.passed++;
      }
    for (const child of node.suites ?? []) walk(child);
  };
  for (const child of report.suites ?? []) walk(child);
  suite.files = [...perFile].map(([file, seconds]) => ({ file: `tests/e2e/${file}`, seconds }));
  return new Map([['browser', suite]]);
}

function suitesOf(file) {
  const report = JSON.parse(fs.readFileSync(file, 'utf8'));
  if (report.stats && 'expected' in report.stats) return playwrightSuites(report);
  const suites = vitestSuites(report);
  // Whole file times, when the run wrote them beside its report (vitest-file-times.mjs).
  const timesFile = file.replace(/\.json$/, '.file-times');
  if (fs.existsSync(timesFile)) {
    const times = new Map(JSON.parse(fs.readFileSync(timesFile, 'utf8')).map((t) => [t.file, t.seconds]));
    for (const suite of suites.values())
      for (const entry of suite.files) entry.seconds = times.get(entry.file) ?? entry.seconds;
  }
  return suites;
}

/** One entry per suite of every report in `dir`, named `<report> <suite>`. */
export function readReports(dir) {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .flatMap((name) =>
      [...suitesOf(path.join(dir, name))].map(([suite, counts]) => ({
        name: `${name.replace(/\.json$/, '')} ${suite}`,
        ...counts,
      })),
    );
}

/** Each suite's count and slowest files, then the total; true when something ran and nothing failed. */
export function printSummary(reports) {
  const total = { passed: 0, failed: 0, skipped: 0 };
  for (const r of reports) {
    const slowest = [...r.files].sort((a, b) => b.seconds - a.seconds).slice(0, SLOWEST);
    const seconds = r.files.reduce((sum, f) => sum + f.seconds, 0);
    console.log(`\n${r.name}: ${r.files.length} files, ${seconds.toFixed(0)} s of test time; slowest:`);
    for (const f of slowest) console.log(`  ${f.seconds.toFixed(1).padStart(7)} s  ${f.file}`);
  }
  console.log('');
  for (const r of reports) for (const failure of r.failures) console.log(`FAILED ${failure}`);
  for (const r of reports) {
    console.log(`${r.name}: ${r.passed} passed, ${r.failed} failed, ${r.skipped} skipped`);
    total.passed += r.passed;
    total.failed += r.failed;
    total.skipped += r.skipped;
  }
  const line = `${total.passed} passed, ${total.failed} failed`;
  console.log(total.skipped > 0 ? `${line}, ${total.skipped} skipped` : line);
  return total.passed > 0 && total.failed === 0;
}
