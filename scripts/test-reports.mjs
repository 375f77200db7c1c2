// Reads the JSON reports of Vitest and Playwright and sums them; CI reads the plain closing line.
import fs from 'node:fs';
import path from 'node:path';

/** Each failed test as `file › name: first line of the message`, so a CI log says what failed. */
function failuresOf(report) {
  const failures = [];
  for (const file of report.testResults ?? []) {
    const tests = file.assertionResults ?? [];
    for (const test of tests)
      if (test.status === 'failed')
        failures.push(`${path.basename(file.name)} › ${test.fullName}: ${firstLine(test.failureMessages)}`);
    // A file that failed with no failed test (a hook threw, or it did not load): its tests read as skipped.
    if (file.status === 'failed' && !tests.some((test) => test.status === 'failed'))
      failures.push(
        `${path.basename(file.name)} (the file, ${tests.length} tests not run): ${firstLine([file.message])}`,
      );
  }
  const walk = (suite) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? [])
        if (test.status === 'unexpected') {
          const errors = (test.results ?? []).flatMap((r) => (r.error?.message ? [r.error.message] : []));
          failures.push(`${spec.file} › ${spec.title}: ${firstLine(errors)}`);
        }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report.suites ?? []) walk(suite);
  return failures;
}

// The reporters colour their messages: ESC [ … m sequences, dropped before printing.
const COLOUR = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');
const firstLine = (messages) =>
  (messages?.[0] ?? '')
    .replace(COLOUR, '')
    .split('\n')
    .find((l) => l.trim()) ?? '';

function countsOf(file) {
  const report = JSON.parse(fs.readFileSync(file, 'utf8'));
  const failures = failuresOf(report);
  for (const failure of failures) console.log(`FAILED ${failure}`);
  if (report.stats && 'expected' in report.stats) {
    const { expected, unexpected, flaky, skipped } = report.stats;
    return { passed: expected + flaky, failed: unexpected, skipped };
  }
  const failedFiles = (report.testResults ?? []).filter(
    (f) => f.status === 'failed' && !(f.assertionResults ?? []).some((t) => t.status === 'failed'),
  ).length;
  return {
    passed: report.numPassedTests ?? 0,
    failed: (report.numFailedTests ?? 0) + failedFiles,
    skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
  };
}

export function readReports(dir) {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .map((name) => ({ name, ...countsOf(path.join(dir, name)) }));
}

/** Prints one line per report and the total; true when something ran and nothing failed. */
export function printSummary(reports) {
  const total = { passed: 0, failed: 0, skipped: 0 };
  console.log('');
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
