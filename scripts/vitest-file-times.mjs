// A Vitest reporter: each test file's whole time (environment, imports, set-up, hooks and tests), written
// as JSON to $VITEST_FILE_TIMES when the run ends. The JSON reporter's own file times leave out the imports
// and the hooks, where a server file spent most of its time; test-reports.mjs prefers these.
import fs from 'node:fs';
import path from 'node:path';

export default class FileTimesReporter {
  files = [];

  onTestModuleEnd(testModule) {
    const d = testModule.diagnostic();
    const ms =
      d.environmentSetupDuration + d.prepareDuration + d.collectDuration + d.setupDuration + d.duration;
    this.files.push({ file: path.relative(process.cwd(), testModule.moduleId), seconds: ms / 1000 });
  }

  onTestRunEnd() {
    const target = process.env.VITEST_FILE_TIMES;
    if (target) fs.writeFileSync(target, JSON.stringify(this.files));
  }
}
