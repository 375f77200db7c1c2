// Reads the JSON reports of Vitest and Playwright and sums them; CI reads the plain closing line.
import fs from 'node:fs';
import path from 'node:path';

function countsOf(file) {
  const report = JSON.parse(fs.readFileSync(file, 'utf8'));
  if (report.stats && 'expected' in report.stats) {
    const { expected, unexpected, flaky, skipped } = report.stats;
    return { passed: expected + flaky, failed: unexpected, skipped };
  }
  return {
    passed: report.numPassedTests ?? 0,
    failed: (report.numFailedTests ?? 0) + (report.numRuntimeErrorTestSuites ?? 0),
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
