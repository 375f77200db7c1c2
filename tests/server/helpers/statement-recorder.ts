import { settled } from '../../../server/background';
import type { TestContext } from './test-context';

/**
 * Records the statements a request sends: pass `onQuery` to createTestContext, then `during(ctx, run)` gives
 * the statements `run` caused. The work earlier requests queued (mail, and pushes: begin, claim, commit) is
 * finished first, so a worker's round does not land among a read's statements.
 */
export function statementRecorder() {
  let recording: string[] | null = null;
  return {
    onQuery: (sql: string) => {
      recording?.push(sql);
    },
    async during(ctx: TestContext, run: () => Promise<unknown>): Promise<string[]> {
      await settled();
      await ctx.mail.runOnce();
      await ctx.push.runOnce();
      recording = [];
      try {
        await run();
        return recording;
      } finally {
        recording = null;
      }
    },
  };
}
