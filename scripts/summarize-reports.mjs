#!/usr/bin/env node
// `node scripts/summarize-reports.mjs DIR`: the closing `N passed, N failed` line over every report in DIR.
import { printSummary, readReports } from './test-reports.mjs';

const ok = printSummary(readReports(process.argv[2] ?? '.reports'));
process.exit(ok ? 0 : 1);
